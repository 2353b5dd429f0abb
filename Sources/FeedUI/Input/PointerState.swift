import FeedCore
import FeedGObject

/// What the feed's pointer gestures have in flight: the open swipe or drag,
/// the touchpad's finger state, the wheel's notches and a click waiting for
/// its double. Owned by the GTK thread, by one ``FeedView``; the view's
/// +Gestures extension reads and writes it, +Motion drops a waiting wheel
/// page when a move is asked for.
@MainActor
struct PointerState {
    /// The open drag or swipe, nil when none is.
    var drag: DragTracker?
    /// A click-drag has travelled past the drag threshold (it is no longer a click).
    var dragThresholdPassed = false
    var wheel = WheelAccumulator()
    /// A wheel page (±1) waiting for the pages to land.
    var queuedPage: Int?
    /// A single click waiting to see whether it becomes a double click.
    var pendingClick: MainLoopSource?
    /// Waits ``PlaybackRate/holdMilliseconds`` after a press on a video.
    var holdTimer: MainLoopSource?
    /// The press is held: the video plays at 2× until it is let go.
    var holdingFaster = false
    /// The press landed on a control of the page (a button, the seek bar,
    /// a slider): it is the control's, never a hold, a tap or a double tap.
    var pressOnControl = false
    /// The open gesture is a touchpad's (fingers), not a click-drag.
    var fingers = false
    /// Ends the fingers' gesture when its scrolls stop and no lift came.
    var fingersIdle: MainLoopSource?
    /// When the fingers last scrolled (µs, monotonic).
    var lastFingersScroll = 0
    /// GTK's scroll controller has begun a smooth scroll and not yet ended it.
    var gtkScrollOpen = false
    /// The display has delivered a lift at the end of a swipe: it sends them.
    var liftsSeen = false
    /// Pixels scrolled since the current touchpad gesture began.
    var pendingPixels = 0.0
}
