// Pure: values only, imports Foundation at most.

/// Turns wheel events into whole pages: one notch, one page, and a burst
/// at most two.
///
/// Deltas are in notches (wheel units): smaller ones (high-resolution wheels
/// send 120ths) add up until they make a whole notch. Events closer than
/// `burstGapMicroseconds` to the one before belong to one burst — a
/// free-spinning wheel, or a touchpad swipe that X11 delivers as a run of
/// wheel events of a notch and a half each — and a burst is one gesture: its
/// first whole notch pages, one more in the same direction asks for one more
/// page, and the rest of it is absorbed; a notch against its direction ends
/// what it may ask for.
/// Slow notches, each its own burst, page one each.
public struct WheelAccumulator: Sendable {
    /// Notches since the last page (signed; + = down).
    private var total = 0.0
    /// When the last event came (µs), nil before the first.
    private var lastTime: Int?
    /// Pages this burst has asked for, and which way (+1 or −1; 0 for none yet).
    private var burstPages = 0
    private var burstStep = 0

    /// A pause this long (µs) between two events ends a burst and forgets a
    /// part-notch left over.
    public static let burstGapMicroseconds = 200_000
    /// Pages one burst may ask for.
    public static let pagesPerBurst = 2

    public init() {}

    /// Adds a wheel delta (in notches, + = down) at `time` µs and returns how
    /// many pages to move now (−1, 0 or +1). Non-finite deltas are ignored.
    public mutating func add(_ delta: Double, at time: Int) -> Int {
        guard delta.isFinite, delta != 0 else { return 0 }
        if lastTime.map({ time - $0 > Self.burstGapMicroseconds }) ?? true {
            // A new burst.
            total = 0
            burstPages = 0
            burstStep = 0
        }
        lastTime = time
        total += delta
        guard abs(total) >= 0.999 else { return 0 }
        let step = total > 0 ? 1 : -1
        total = 0
        if burstStep == 0 { burstStep = step }
        // A notch against the burst is a wheel rocking or bouncing: the
        // burst asks for nothing more.
        if step != burstStep { burstPages = Self.pagesPerBurst }
        guard burstPages < Self.pagesPerBurst else { return 0 }
        burstPages += 1
        return step
    }
}
