import FeedCore
import FeedGObject

/// How a ``FeedPage`` asks the session for its still: the page's size and
/// fit, the request it waits on, whether it asked for its photo's
/// animation, and the pause before a resized page asks again. Kept across
/// bindings (the page keeps its size); FeedPage+Still reads and writes it.
/// GTK thread only.
@MainActor
struct PageStill {
    /// The page's size in device pixels, once allocated.
    var box = PixelSize(width: 0, height: 0)
    /// Cover crops the still to the page, contain letterboxes it.
    var fit: ContentFit
    /// The number of the still request the page waits for, if any.
    var request: Int?
    /// Whether the page asked for its photo's animation.
    var animates = false
    /// Asks again once a window being resized holds its size (150 ms).
    var reloadTimer: MainLoopSource?
}
