// Pure: values only, imports Foundation at most.

/// How a read of the cache source waits for bytes the disk does not hold
/// yet (the reading thread; FeedMedia's `CacheSourceInstance`). A current
/// post's read starved for ``bufferingAfterSeconds`` says "buffering", as
/// network sources do, so the player pauses its clock and counts a
/// rebuffer; until then it looks again after that long, and after it once
/// a second. A prepared post's read held until its post is current looks
/// at the disk every ``heldRecheckSeconds`` for bytes another fetch
/// brought. A read of an HLS segment fetched ahead of the playhead says
/// buffering only once what is queued after the demuxer has played down
/// to the same quarter second (`queuedSeconds`, looked at each time): until
/// then the playhead is not starved. The table `starved-read.json` is the
/// spec.
public enum StarvedRead {
    /// Seconds a read may wait for the network before buffering is reported.
    public static let bufferingAfterSeconds = 0.25
    /// Seconds between looks of a starved read once buffering is reported.
    public static let reportedRecheckSeconds = 1.0
    /// Seconds between looks at the disk of a read held until its post is
    /// current: bytes another fetch brings wake no one.
    public static let heldRecheckSeconds = 0.5

    /// What a starved read does next.
    public enum Step: Sendable, Equatable, Codable {
        /// Says "buffering" now, then looks again at once.
        case reportBuffering
        /// Waits at most this many seconds (a fetch's bytes wake it sooner).
        case wait(seconds: Double)
    }

    /// - Parameters:
    ///   - waitedSeconds: how long the read has waited since it became current.
    ///   - reported: whether buffering was said already for this wait.
    ///   - queuedSeconds: media queued ahead of the playhead now (0 for a
    ///     file read at the playhead; negative or not finite counts as 0).
    public static func next(waitedSeconds: Double, reported: Bool, queuedSeconds: Double = 0) -> Step {
        let queued = queuedSeconds.isFinite ? max(0, queuedSeconds) : 0
        if !reported, waitedSeconds >= bufferingAfterSeconds, queued < bufferingAfterSeconds { return .reportBuffering }
        return .wait(seconds: reported ? reportedRecheckSeconds : bufferingAfterSeconds)
    }
}
