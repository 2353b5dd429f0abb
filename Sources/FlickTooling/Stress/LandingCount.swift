/// Posts landed during a stress run: each time a post became current, and
/// of them those that landed on a skeleton (an item not yet arrived).
struct LandingCount {
    private(set) var landings = 0
    private(set) var onSkeletons = 0
    private var lastIndex: Int?

    /// A new feed view is followed: its first state is not a landing.
    mutating func newView() { lastIndex = nil }

    /// Counts `state`'s post if it is a new landing; returns whether it was.
    mutating func observe(_ index: Int, itemCount: Int, running: Bool) -> Bool {
        guard itemCount > 0, index != lastIndex else { return false }
        lastIndex = index
        landings += 1
        if index >= itemCount, running { onSkeletons += 1 }
        return true
    }
}
