// Pure: values only, imports Foundation at most.

/// Whether an input begins, continues or ends a touchpad gesture, and how
/// the gesture ends.
///
/// Every gesture ends: with the fingers' lift (its measured velocity decides
/// the landing), or — where the lift never comes (mutter drops it for remote
/// desktops; X11 has none) — once no scroll came for `idleMicroseconds`,
/// as a release standing still, so it lands on the nearer page. Once the
/// display has delivered a lift, fingers resting mid-swipe are a pause, not
/// an end: the wait is then `idleAfterLiftsMicroseconds`, a safety net for a
/// lift that went elsewhere (the pointer left the window mid-swipe). A wheel
/// notch, a key or a drag while a gesture is open ends it the same way
/// first, and then acts. The view runs the timer and carries this out.
public enum GestureEnd {
    /// A gesture with no scroll for this long (µs) has ended, where no lift
    /// has come yet.
    public static let idleMicroseconds = 150_000
    /// The same, once the display has delivered a lift.
    public static let idleAfterLiftsMicroseconds = 1_000_000

    /// How long (µs) a gesture may go without a scroll before it ends.
    public static func idleLimit(liftsSeen: Bool) -> Int {
        liftsSeen ? idleAfterLiftsMicroseconds : idleMicroseconds
    }

    /// What reached the pager.
    public enum Event: String, Sendable, Codable, CaseIterable {
        /// A scroll of the fingers (``ScrollKind/fingers``).
        case scroll
        /// The fingers lifted (GTK's `scroll-end`).
        case lift
        /// The idle timer fired.
        case idle
        /// A wheel notch, a key or a click-drag: inputs that page by themselves.
        case wheel, key, drag
    }

    /// What the pager does.
    public enum Outcome: String, Sendable, Codable, CaseIterable {
        /// A gesture begins: the pages follow the fingers from here.
        case begin
        /// The open gesture goes on.
        case follow
        /// The gesture ends with the velocity the fingers had when they lifted.
        case release
        /// The gesture ends as a release standing still (velocity 0).
        case settle
        /// The gesture ends standing still, then the input acts.
        case settleThenAct
        /// No gesture is open: the input acts.
        case act
        /// Nothing to do (a lift or a timer with no gesture open).
        case ignore
    }

    /// What `event` does while a gesture is `open` (or not), `sinceLastScroll`
    /// µs after the gesture's last scroll; `liftsSeen`: the display has
    /// delivered a lift before.
    public static func decide(open: Bool, event: Event, sinceLastScroll: Int, liftsSeen: Bool = false) -> Outcome {
        switch (open, event) {
        case (false, .scroll): return .begin
        case (false, .lift), (false, .idle): return .ignore
        case (false, .wheel), (false, .key), (false, .drag): return .act
        case (true, .scroll): return .follow
        case (true, .lift): return .release
        case (true, .idle): return sinceLastScroll >= idleLimit(liftsSeen: liftsSeen) ? .settle : .follow
        case (true, .wheel), (true, .key), (true, .drag): return .settleThenAct
        }
    }
}
