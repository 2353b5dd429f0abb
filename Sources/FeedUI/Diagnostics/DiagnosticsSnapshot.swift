import FeedCore
import FeedMedia

/// What the diagnostics overlay shows, read at one moment: the player pool,
/// the mounted pages, playback metrics, the media cache's bytes, the
/// process's memory and the plan's constraints. A plain value, made on the
/// GTK thread by `FeedView.diagnosticsSnapshot()`.
public struct DiagnosticsSnapshot: Sendable, Equatable {
    /// Playbins alive in the pool, and those holding a prerolled post other than the current one.
    public var playersAlive = 0
    public var playersPrepared = 0
    /// Page widgets mounted now (the surfaces frames and pictures are drawn on).
    public var mountedSurfaces = 0
    /// Time to first frame over the recent posts, in ms; nil before the first.
    public var ttff: Percentiles.Summary?
    /// Times the current video ran dry after its first frame, and for how long in all (ms).
    public var rebuffers = 0
    public var rebufferMilliseconds = 0.0
    /// The media cache's counters (bytes); nil when videos play straight from the network.
    public var cache: CacheStatistics?
    /// Why the media cache stopped writing (a full or failing disk); nil while it writes.
    public var cacheProblem: String?
    /// Files streamed uncached because they keep changing at their origin.
    public var uncachedFiles = 0
    /// The process's resident memory in bytes (VmRSS); nil where /proc is unreadable.
    public var residentBytes: Int64?
    /// The conditions the preload plan follows; nil while nothing reports them.
    public var constraints: PlanConstraints?
    /// The GTK thread's CPU time over the wall time since the overlay's
    /// previous reading, 0 to 1; nil before a second reading.
    public var gtkThreadBusy: Double?
    /// The current post's video decoder (its GStreamer factory); nil for a
    /// picture or before one is plugged.
    public var decoder: String?
    /// Whether that decoder is a hardware one.
    public var decoderIsHardware = false

    public init() {}
}
