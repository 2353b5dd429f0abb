import FeedCore

/// What a ``VideoPlayer`` reports to its owner, always on the GTK thread and
/// together with the generation of the binding it belongs to.
public enum PlayerEvent: Sendable, Equatable {
    /// The first frame is available: PAUSED reached with a preroll sample.
    case prerolled
    /// The pipeline reached PLAYING.
    case playing
    /// The pipeline settled in PAUSED after playing (not for buffering pauses).
    case paused
    /// Playback ran out of data and waits (network sources only).
    case bufferingStarted
    /// Enough data arrived again.
    case bufferingEnded
    /// Reached the end and restarted from the beginning (`loops` on).
    case looped
    /// Reached the end (`loops` off).
    case ended
    /// The binding failed; `httpStatus` when an HTTP response caused it.
    /// The player stays bound (at READY) until the next `load` or `unload`.
    case failed(ErrorCode, message: String, httpStatus: Int?)
}
