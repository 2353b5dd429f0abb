import FeedCore

/// Where a ``FeedView``'s pages are and how they last moved: the scroll
/// position, the settle animation, and the direction and speed the
/// preload plan follows. Owned by the GTK thread, by one view
/// (FeedView+Motion and +Gestures move it).
@MainActor
struct PagerMotion {
    /// Scroll position in pages (index units): fractional while dragging or
    /// animating, equal to the current index when settled.
    var position = 0.0
    /// The settle animation while it runs.
    var animation: TickCallback?
    /// Which way the feed last moved, for the preload plan.
    var direction: ScrollDirection = .forward
    /// Pages per second at the last gesture's release (0 after key moves).
    var releaseVelocity = 0.0
}
