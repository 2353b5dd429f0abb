// Pure: values only, imports Foundation at most.

/// Whether anyone can see the feed, for the preload plan: a window that is
/// minimised, or a locked screen, rests — the current video pauses and
/// nothing else is prepared or preloaded; after ``restAfterSeconds`` hidden
/// every player is released, keeping the feed, its place and the cache.
public enum WindowVisibility: String, Sendable, Equatable, Codable {
    case visible
    /// Hidden: the current post's player is kept, paused, so it shows its
    /// frame again at once.
    case hidden
    /// Hidden long: no players at all; coming back is a cold landing.
    case resting

    /// How long a hidden window keeps its current player, in seconds.
    public static let restAfterSeconds = 30.0

    /// What the plan follows for a window that is `minimized` (or off
    /// screen, as the desktop says) on a screen that is `locked` or not,
    /// hidden for `hiddenSeconds`. With `pauseWhenHidden` off, a minimised
    /// window whose video plays with its sound on keeps playing (someone
    /// listens); a locked screen rests whatever the setting.
    public static func decide(minimized: Bool, locked: Bool, pauseWhenHidden: Bool, soundOn: Bool,
                              hiddenSeconds: Double) -> WindowVisibility {
        guard minimized || locked else { return .visible }
        if !locked, !pauseWhenHidden, soundOn { return .visible }
        return hiddenSeconds >= restAfterSeconds ? .resting : .hidden
    }
}
