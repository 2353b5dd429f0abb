// Pure: values only, imports Foundation at most.

/// Turns mouse-wheel events into whole pages: one notch, one page. Deltas
/// smaller than a notch (high-resolution wheels) add up until they make one.
public struct WheelAccumulator: Sendable {
    private var total = 0.0
    private var lastTime: Int = 0

    /// A pause this long (µs) forgets a part-notch left over.
    public static let resetMicroseconds = 250_000

    public init() {}

    /// Adds a wheel delta (in notches, + = down) at `time` µs and returns how
    /// many pages to move now (−1, 0 or +1).
    public mutating func add(_ delta: Double, at time: Int) -> Int {
        if time - lastTime > Self.resetMicroseconds { total = 0 }
        lastTime = time
        total += delta
        if total >= 0.999 { total -= 1; return 1 }
        if total <= -0.999 { total += 1; return -1 }
        return 0
    }
}
