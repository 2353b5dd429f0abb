/// Follows one drag or touchpad swipe: where it started and recent samples
/// of how far it has gone, to measure the release velocity.
struct DragTracker {
    /// The page the gesture started from.
    let startIndex: Int
    /// The scroll position (pages) when it started.
    let startPosition: Double
    /// (time in microseconds, offset in pages) of the latest moves.
    private(set) var samples: [(time: Int, offset: Double)] = []

    init(startIndex: Int, startPosition: Double) {
        self.startIndex = startIndex
        self.startPosition = startPosition
    }

    /// Records that the gesture is `offset` pages from its start at `time` µs.
    mutating func record(offset: Double, at time: Int) {
        samples.append((time, offset))
        // Keep only the last 100 ms: the release velocity is how fast it moved at the end.
        samples.removeAll { time - $0.time > 100_000 }
    }

    /// Velocity at release in pages per second (+ towards higher indices).
    func velocity(at time: Int) -> Double {
        guard let first = samples.first, let last = samples.last,
              time - last.time < 60_000, last.time > first.time else { return 0 }
        return (last.offset - first.offset) / (Double(last.time - first.time) / 1_000_000)
    }
}

/// Turns mouse-wheel events into whole pages: one notch, one page.
struct WheelAccumulator {
    private var total = 0.0
    private var lastTime: Int = 0

    /// Adds a wheel delta (in notches, + = down) at `time` µs and returns how
    /// many pages to move now (−1, 0 or +1).
    mutating func add(_ delta: Double, at time: Int) -> Int {
        if time - lastTime > 250_000 { total = 0 }
        lastTime = time
        total += delta
        if total >= 0.999 { total -= 1; return 1 }
        if total <= -0.999 { total += 1; return -1 }
        return 0
    }
}
