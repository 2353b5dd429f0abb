// Pure: values only, imports Foundation at most.

/// Something that happened to, or was asked of, a page's player.
public enum PlaybackEvent: String, Sendable, Hashable, Codable, CaseIterable {
    /// An item was bound to the page.
    case bind
    /// The plan asked for a prepared player.
    case prepare
    /// The player reached its first frame.
    case ready
    /// Start or resume playback (the page became current, or the user pressed play).
    case play
    /// Stop playback but keep the player (the page left, or the user paused).
    case pause
    /// The player ran out of data.
    case bufferStart
    /// Enough data arrived again.
    case bufferEnd
    /// End of stream.
    case ended
    /// Any failure (see `ErrorCode`).
    case fail
    /// A retry was decided (see `RetryPolicy`).
    case retry
    /// The page or plan no longer needs the player.
    case release
    /// The player finished tearing down.
    case released
}
