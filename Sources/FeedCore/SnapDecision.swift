// Pure: values only, imports Foundation at most.

/// Where the pager settles when a drag or touchpad swipe ends.
///
/// The pager reports how far the user dragged and how fast the finger was
/// moving at release; this decides the landing page so that a short, fast
/// flick still pages (as on phones) while a slow drag that stops before the
/// middle springs back. One gesture never moves more than one page, so a long
/// drag cannot skip posts the user has not seen.
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
        /// A release at least this fast, in pages per second, pages whatever the offset.
        public var velocityThreshold: Double = 0.5

        /// Creates an input; the thresholds default to half a page and half a page per second.
        public init(currentIndex: Int, offset: Double, velocity: Double, count: Int,
                    distanceThreshold: Double = 0.5, velocityThreshold: Double = 0.5) {
            self.currentIndex = currentIndex
            self.offset = offset
            self.velocity = velocity
            self.count = count
            self.distanceThreshold = distanceThreshold
            self.velocityThreshold = velocityThreshold
        }
    }

    /// The page to settle on: never more than one page from `currentIndex`,
    /// always within `0..<count` (0 for an empty feed).
    ///
    /// A flick (|velocity| ≥ `velocityThreshold`) moves one page in the
    /// velocity's direction, even against the drag; otherwise a drag further
    /// than `distanceThreshold` moves one page in the drag's direction;
    /// otherwise the pager springs back. Non-finite values count as no motion.
    public static func target(_ input: Input) -> Int {
        guard input.count > 0 else { return 0 }
        let current = min(max(input.currentIndex, 0), input.count - 1)
        let step: Int
        if input.velocity != 0, abs(input.velocity) >= input.velocityThreshold {
            step = input.velocity > 0 ? 1 : -1
        } else if abs(input.offset) > input.distanceThreshold {
            step = input.offset > 0 ? 1 : -1
        } else {
            step = 0
        }
        return min(max(current + step, 0), input.count - 1)
    }
}
