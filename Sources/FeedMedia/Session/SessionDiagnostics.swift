import FeedCore

/// Everything the diagnostics overlay and `--report-state` read from a
/// session, taken at one moment for one page: the players, the playback
/// counters, the cache's report, the page's decoder and error, and the
/// conditions the preload plan follows. A plain value made on the GTK
/// thread by ``FeedSession/diagnostics(at:)``, so the view never reaches
/// into the pool or the cache.
public struct SessionDiagnostics: Sendable, Equatable {
    /// Players behind the feed now.
    public var players = FeedSession.PlayerCounts()
    /// The playback counters, the players' coalesced frames included.
    public var counters = PlaybackDiagnostics()
    /// Time to first frame of the current item, once known (ms).
    public var ttffMilliseconds: Double?
    /// The error the current item's player shows, and whether it offers Retry.
    public var errorCode: ErrorCode?
    public var errorRetryable = false
    /// What the media cache did and says; nil when the feed plays without
    /// one, or when it was not asked for.
    public var cache: CacheReport?
    /// The video decoder the page's player plugged (a GStreamer factory
    /// name), and whether it is a hardware one; nil before one is plugged.
    public var decoder: String?
    public var decoderIsHardware = false
    /// The conditions the preload plan follows: the network with the data
    /// saver applied, memory pressure and the power saver.
    public var network = NetworkCondition.unmetered
    public var memory = MemoryCondition.normal
    public var powerSaver = false
    /// Whether a like is sent and not yet answered.
    public var likesPending = false
    /// Whether the current video's buffer is healthy.
    public var bufferHealthy = true
    /// The HLS rendition the page's player plays (`WxH@BANDWIDTH`, empty
    /// for media of one), and the distinct renditions it fetched.
    public var currentRendition = ""
    public var renditionsFetched = 0

    public init() {}
}

extension FeedSession {
    /// What the diagnostics and the state report need, read now, with the
    /// decoder of the page at `index`. The cache's report is read only
    /// with `cache` (the overlay, about once a second): it takes the
    /// store's lock, which the streaming threads share, and the state is
    /// reported on every change of the feed.
    package func diagnostics(at index: Int, cache: Bool = false) -> SessionDiagnostics {
        MainActor.assertIsolated()
        var reading = SessionDiagnostics()
        reading.players = PlayerCounts(alive: pool.players.count, prepared: pool.preparedCount,
                                       playing: pool.playingCount, unmuted: pool.unmutedCount)
        reading.counters = health.counters
        reading.counters.framesCoalesced = pool.coalescedFrames
        reading.ttffMilliseconds = health.ttffMilliseconds
        reading.errorCode = health.currentError?.code
        reading.errorRetryable = health.currentError?.retryable ?? false
        reading.cache = !cache ? nil : mediaCache.map { CacheReport(statistics: $0.statistics, problem: $0.writeProblemText,
                                                     uncachedFiles: $0.uncachedFileCount) }
        if let player = pool.player(for: index) {
            reading.currentRendition = player.currentRendition
            reading.renditionsFetched = player.renditionsFetched
        }
        if let decoder = pool.player(for: index)?.decoder {
            reading.decoder = decoder.name
            reading.decoderIsHardware = decoder.kind == .hardwareVideoDecoder
        }
        reading.network = networkCondition
        reading.memory = preferences.conditions.memory
        reading.powerSaver = preferences.conditions.powerSaver
        reading.likesPending = likesPending
        reading.bufferHealthy = health.bufferWatch.state.healthy
        return reading
    }
}
