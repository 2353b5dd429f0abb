// Pure: values only, imports Foundation at most.

/// Where the pager settles when a drag or touchpad swipe ends.
///
/// The pager reports how far the user dragged and how fast the fingers were
/// moving at release. A release lands on one of the two pages on screen: the
/// page the gesture started on, or the one the drag went towards — never
/// beyond either, as on phones. A fast release picks the one it moves
/// towards, so a short flick still pages; a slow one the nearer; a release
/// moving back against the drag (the user changed their mind) snaps back.
/// One gesture never moves more than one page, so a long drag cannot skip
/// posts the user has not seen.
public enum SnapDecision {
    /// What the pager knows when a gesture ends.
    public struct Input: Sendable, Equatable, Codable {
        /// The page the gesture started on.
        public var currentIndex: Int
        /// How far the user dragged, in pages; positive is towards higher indices.
        public var offset: Double
        /// Speed at release, in pages per second; positive is towards higher indices.
        public var velocity: Double
        /// Number of items in the feed.
        public var count: Int
        /// A slow drag must go strictly further than this, in pages, to change page.
        public var distanceThreshold: Double = 0.5
        /// A release at least this fast, in pages per second, towards the page
        /// the drag went to lands there, however short the drag.
        public var velocityThreshold: Double = 0.5
        /// A release at least this fast, in pages per second, back towards
        /// the start page snaps back, however long the drag.
        public var reversalThreshold: Double = 0.1

        /// Creates an input; the thresholds default to half a page, half a
        /// page per second and a tenth of a page per second.
        public init(currentIndex: Int, offset: Double, velocity: Double, count: Int,
                    distanceThreshold: Double = 0.5, velocityThreshold: Double = 0.5,
                    reversalThreshold: Double = 0.1) {
            self.currentIndex = currentIndex
            self.offset = offset
            self.velocity = velocity
            self.count = count
            self.distanceThreshold = distanceThreshold
            self.velocityThreshold = velocityThreshold
            self.reversalThreshold = reversalThreshold
        }
    }

    /// The page to settle on: `currentIndex` or the page next to it on the
    /// side the drag went, always within `0..<count` (0 for an empty feed).
    ///
    /// A release exactly on the start page stays there. Otherwise a release
    /// moving back at `reversalThreshold` or faster snaps back; one moving on
    /// at `velocityThreshold` or faster lands on the page it moves towards;
    /// otherwise a drag further than `distanceThreshold` lands on that page
    /// and a shorter one snaps back. Non-finite values count as no motion.
    public static func target(_ input: Input) -> Int {
        guard input.count > 0 else { return 0 }
        let start = min(max(input.currentIndex, 0), input.count - 1)
        let offset = input.offset.isFinite ? input.offset : 0
        guard offset != 0 else { return start }
        let side = offset > 0 ? 1 : -1
        let other = min(max(start + side, 0), input.count - 1)
        // Speed towards the other page: negative when moving back.
        let towards = input.velocity.isFinite ? input.velocity * Double(side) : 0
        if towards < 0, -towards >= input.reversalThreshold { return start }
        if towards > 0, towards >= input.velocityThreshold { return other }
        return abs(offset) > input.distanceThreshold ? other : start
    }
}
