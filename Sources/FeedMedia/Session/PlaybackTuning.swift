import FeedCore

/// How the session's videos run and sound, as the user set them: the
/// speed chosen (`<`, `>`, MPRIS, the preference), whether a held press
/// plays faster now, and the volume. Values only; owned by ``FeedSession``.
public struct PlaybackTuning: Sendable, Equatable {
    /// The chosen speed (``PlaybackRate/range``; 1 = normal).
    public var rate = PlaybackRate.normal
    /// A press on the video is held: it plays at ``PlaybackRate/held``.
    public var holding = false
    /// The sound's level, 0…1 on the cubic scale of desktop volume controls.
    public var volume = 1.0

    public init() {}

    /// The speed the current video plays at now.
    public var effectiveRate: Double { holding ? PlaybackRate.held : rate }
}
