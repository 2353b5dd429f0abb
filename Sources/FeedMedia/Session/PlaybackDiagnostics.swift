/// Counters the feed keeps about playback, for the diagnostics overlay, the
/// benchmark and embedding apps. Values only; read on the GTK thread.
public struct PlaybackDiagnostics: Sendable, Equatable {
    /// Time-to-first-frame samples in ms, one per current item whose first
    /// frame was painted (0 when painted before it became current).
    public var ttffSamples: [Double] = []
    /// Video posts that stopped being current before their first frame was
    /// painted (and without an error): they have no TTFF sample, and a fast
    /// feed has many.
    public var leftBeforeFirstFrame = 0
    /// Times the current player ran out of data after its first frame.
    public var rebuffers = 0
    /// Milliseconds spent rebuffering (after the first frame, like `rebuffers`).
    public var rebufferMilliseconds = 0.0
    /// Frames replaced before the GTK thread drew them (the hand-over keeps
    /// only the newest frame per player).
    public var framesCoalesced = 0
    /// Errors shown to the user.
    public var errorsShown = 0
    /// Automatic retries made.
    public var retries = 0

    public init() {}
}
