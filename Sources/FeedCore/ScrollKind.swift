// Pure: values only, imports Foundation at most.

/// What a scroll event is to the pager: fingers whose motion the pages
/// follow until the gesture ends (``GestureEnd``), or wheel notches counted
/// into pages (``WheelAccumulator``).
///
/// Wayland says which: a touchpad's scrolls are smooth, in surface pixels,
/// from a touchpad device, and end with the fingers' lift; a wheel's come in
/// whole notches. X11 blurs it: GTK's X11 backend reports a wheel's notches,
/// a high-resolution wheel's fractions and, under Xwayland, a touchpad's
/// swipe alike as wheel-unit events with no end; only a device that says it
/// is a touchpad is followed there.
public enum ScrollKind: String, Sendable, Codable, CaseIterable {
    /// The pages follow the fingers; the gesture settles when it ends.
    case fingers
    /// Whole notches page; a burst of them is one gesture.
    case notches

    /// What GTK says of one scroll event.
    public struct Event: Sendable, Equatable, Codable {
        /// GDK_SCROLL_SMOOTH (deltas), not a direction.
        public var smooth: Bool
        /// The deltas are surface pixels (GDK_SCROLL_UNIT_SURFACE), not notches.
        public var inPixels: Bool
        /// The device that sent it is a touchpad (GDK_SOURCE_TOUCHPAD).
        public var fromTouchpad: Bool

        public init(smooth: Bool, inPixels: Bool, fromTouchpad: Bool) {
            self.smooth = smooth
            self.inPixels = inPixels
            self.fromTouchpad = fromTouchpad
        }
    }

    /// Smooth scrolls in pixels or from a touchpad are fingers; everything
    /// else counts in notches.
    public static func of(_ event: Event) -> ScrollKind {
        event.smooth && (event.inPixels || event.fromTouchpad) ? .fingers : .notches
    }
}
