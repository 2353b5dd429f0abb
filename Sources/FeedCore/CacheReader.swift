// Pure: values only, imports Foundation at most.

/// Who reads a file through the cache, as the feed session sees its
/// player, and so whether a read the disk cannot serve may go to the
/// network now (``missAction``).
///
/// Why a prepared player waits: once its first frame is up, what it reads
/// next only fills decoder queues ahead of a post the user may never play
/// (GStreamer 1.22's decodebin queues up to 8 MiB per stream before it
/// exposes its pads). From disk that read-ahead costs nothing; from the
/// network it costs bytes, and more of them the faster the disk served
/// the rest, so a warm pass would fetch what the cold one never did.
public enum CacheReader: String, Sendable, Hashable, Codable, CaseIterable {
    /// The current post's player before its first frame (or a reader the
    /// session does not track: tests, `flick cache preload`).
    case current
    /// The current post's player once its first frame is up: it is being
    /// watched, so it keeps bytes on disk ahead of its reads (what its
    /// buffer health counts). Not before: the first frame's own reads (the
    /// file's index, often at its end) would share the link with them.
    case watching
    /// A player setting up a post that is not current, before its first frame.
    case preparing
    /// A player holding its first frame for a post that is not current,
    /// or setting up again a post started from this cache before.
    case prepared

    /// What a read that misses the disk does.
    public enum MissAction: String, Sendable, Hashable, Codable {
        /// Fetch the gap now.
        case fetch
        /// Wait, without fetching and without reporting buffering, until
        /// the reader becomes current (or is flushed).
        case waitUntilCurrent = "wait-until-current"
    }

    /// What a read by this reader does when the disk does not hold its bytes.
    public var missAction: MissAction {
        switch self {
        case .current, .watching, .preparing: return .fetch
        case .prepared: return .waitUntilCurrent
        }
    }

    /// Bytes a read that misses fetches past its gap: more for the post
    /// being watched, whose buffer health is what is on disk ahead of it
    /// (``CacheReadPlan/watchedReadAheadBytes``); the others ask only for
    /// what a first frame needs.
    public var readAheadBytes: Int64 {
        switch self {
        case .watching: return CacheReadPlan.watchedReadAheadBytes
        case .current, .preparing, .prepared: return CacheReadPlan.readAheadBytes
        }
    }

    /// Whether a read the disk served also fetches ahead of itself
    /// (``CacheReadPlan/topUpStart(offset:onDisk:contentLength:readAhead:watchedSeconds:)``):
    /// only the post being watched.
    public var keepsBytesAhead: Bool { self == .watching }

    /// The reader a player is, from whether its post is current, where the
    /// player is (it holds its first frame once it is ready, playing,
    /// paused, buffering after it or ended) and whether the post was
    /// started from this cache before (played, or prepared to its first
    /// frame: what that first frame needs is on disk, so setting it up
    /// again needs no network either). A player reading from disk races
    /// ahead of its first frame, and would otherwise fetch past what the
    /// first pass left before its first frame came.
    public static func of(isCurrent: Bool, state: PlaybackState, startedBefore: Bool = false) -> CacheReader {
        if isCurrent {
            switch state {
            case .ready, .playing, .paused, .buffering, .ended: return .watching
            case .idle, .poster, .preparing, .starting, .error, .releasing: return .current
            }
        }
        if startedBefore { return .prepared }
        switch state {
        case .ready, .playing, .paused, .buffering, .ended: return .prepared
        case .idle, .poster, .preparing, .starting, .error, .releasing: return .preparing
        }
    }
}
