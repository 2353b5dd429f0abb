// Pure: values only, imports Foundation at most.

/// Follows one drag or touchpad swipe: where it started and recent samples
/// of how far it has gone, to measure the release velocity that
/// ``SnapDecision`` reads.
///
/// The velocity is how fast the fingers moved at the end: over the last
/// 100 ms, or since the gesture last turned back if that is later, so that a
/// drag that ends moving back reads as moving back. Between two samples the
/// gesture stood still: touchpads and pointers send no event while the
/// fingers rest.
public struct DragTracker: Sendable {
    /// The page the gesture started from.
    public let startIndex: Int
    /// The scroll position (pages) when it started.
    public let startPosition: Double
    /// (time in microseconds, offset in pages) of the latest moves: those of
    /// the last `windowMicroseconds`, and the one before them.
    public private(set) var samples: [Sample] = []

    /// One move: when (µs, monotonic) and how far from the start (pages).
    public struct Sample: Sendable, Equatable, Codable {
        public var time: Int
        public var offset: Double

        public init(time: Int, offset: Double) {
            self.time = time
            self.offset = offset
        }
    }

    /// The release velocity is measured over at most this long before the
    /// latest move.
    public static let windowMicroseconds = 100_000
    /// A release this long after the last move is a stop, not a flick.
    public static let stillMicroseconds = 60_000
    /// A turn back shorter than this (pages) is the fingers' jitter, not a
    /// change of mind: about 12 px of a 1,200 px page.
    public static let turnPages = 0.01

    public init(startIndex: Int, startPosition: Double) {
        self.startIndex = startIndex
        self.startPosition = startPosition
    }

    /// Records that the gesture is `offset` pages from its start at `time` µs.
    public mutating func record(offset: Double, at time: Int) {
        samples.append(Sample(time: time, offset: offset))
        // Keep the window and the one sample before it: where the gesture
        // stood when the window opened.
        if let before = samples.lastIndex(where: { time - $0.time >= Self.windowMicroseconds }), before > 0 {
            samples.removeFirst(before)
        }
    }

    /// Velocity at release in pages per second (+ towards higher indices);
    /// 0 for a gesture that stood still before its release.
    public func velocity(at time: Int) -> Double {
        guard let first = samples.first, let last = samples.last,
              time - last.time < Self.stillMicroseconds else { return 0 }
        var from = max(first.time, last.time - Self.windowMicroseconds)
        if let turn = turningPoint(), abs(last.offset - turn.offset) >= Self.turnPages {
            from = max(from, turn.time)
        }
        guard last.time > from else { return 0 }
        return (last.offset - offset(at: from)) / (Double(last.time - from) / 1_000_000)
    }

    /// The latest sample where the gesture turned back: the motion since it
    /// goes one way, the motion just before it the other. Nil if it never turned.
    private func turningPoint() -> Sample? {
        guard samples.count >= 3 else { return nil }
        var direction = 0.0
        var index = samples.count - 1
        while index > 0 {
            let move = samples[index].offset - samples[index - 1].offset
            if move != 0 {
                if direction == 0 { direction = move }
                else if (move > 0) != (direction > 0) { return samples[index] }
            }
            index -= 1
        }
        return nil
    }

    /// Where the gesture stood at `time`: its latest sample at or before it.
    private func offset(at time: Int) -> Double {
        samples.last { $0.time <= time }?.offset ?? samples.first?.offset ?? 0
    }
}
