// Pure: values only, imports Foundation at most.

/// The numbers the feed's pointer gestures are tuned by: when a press
/// becomes a drag, how long a click waits for a second, and how far a
/// wheel unit of a smooth scroll moves the pages. The view (FeedUI's
/// gestures) reads them here; the table `gesture-tuning.json` is the spec.
public enum GestureTuning {
    /// Pixels a press must travel along the paging axis before it becomes a
    /// drag, so clicks on buttons inside a page stay clicks.
    public static let dragThreshold = 8.0
    /// How long a single click waits to see whether it becomes a double
    /// click, in milliseconds.
    public static let doubleClickMilliseconds: UInt32 = 250
    /// Pixels one wheel unit of a smooth scroll moves the pages, where
    /// fingers scroll in wheel units (touchpads under X11).
    public static let pixelsPerWheelUnit = 40.0

    /// Whether a press that has moved `travel` pixels along the paging
    /// axis (either way) is a drag now.
    public static func isDrag(travel: Double) -> Bool {
        abs(travel) >= dragThreshold
    }

    /// Pixels the pages move for a scroll of `delta`, given in pixels or in
    /// wheel units.
    public static func pixels(delta: Double, inPixels: Bool) -> Double {
        delta * (inPixels ? 1 : pixelsPerWheelUnit)
    }
}
