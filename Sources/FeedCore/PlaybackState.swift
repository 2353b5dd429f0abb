// Pure: values only, imports Foundation at most.

/// Where one page's player is in its life. Only `PlaybackMachine.next` moves
/// it, so the media layer can never get into a state nobody designed.
public enum PlaybackState: String, Sendable, Hashable, Codable, CaseIterable {
    /// No item bound.
    case idle
    /// Bound; the poster shows, no player yet.
    case poster
    /// A player is being set up to its first frame (to PAUSED).
    case preparing
    /// Being set up, and asked to play: plays on its first frame.
    case starting
    /// Paused on its first frame, ready to play at once.
    case ready
    /// Playing, the only state in which sound may be on.
    case playing
    /// Paused by the user or because the page is no longer current.
    case paused
    /// Wants to play, has its first frame, and is starved of data (it
    /// ran dry while playing, or was asked to play before enough arrived).
    case buffering
    /// Reached the end.
    case ended
    /// Failed; `RetryPolicy` decides what happens next.
    case error
    /// The player is being torn down (to NULL) before the page is reused.
    case releasing
}
