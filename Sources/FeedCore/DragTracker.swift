// Pure: values only, imports Foundation at most.

/// Follows one drag or touchpad swipe: where it started and recent samples
/// of how far it has gone, to measure the release velocity that
/// ``SnapDecision`` reads.
public struct DragTracker: Sendable {
    /// The page the gesture started from.
    public let startIndex: Int
    /// The scroll position (pages) when it started.
    public let startPosition: Double
    /// (time in microseconds, offset in pages) of the latest moves.
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

    /// Samples older than this before the latest one are forgotten: the
    /// release velocity is how fast the gesture moved at its end.
    public static let windowMicroseconds = 100_000
    /// A release this long after the last move is a stop, not a flick.
    public static let stillMicroseconds = 60_000

    public init(startIndex: Int, startPosition: Double) {
        self.startIndex = startIndex
        self.startPosition = startPosition
    }

    /// Records that the gesture is `offset` pages from its start at `time` µs.
    public mutating func record(offset: Double, at time: Int) {
        samples.append(Sample(time: time, offset: offset))
        samples.removeAll { time - $0.time > Self.windowMicroseconds }
    }

    /// Velocity at release in pages per second (+ towards higher indices);
    /// 0 for a gesture that stood still before its release.
    public func velocity(at time: Int) -> Double {
        guard let first = samples.first, let last = samples.last,
              time - last.time < Self.stillMicroseconds, last.time > first.time else { return 0 }
        return (last.offset - first.offset) / (Double(last.time - first.time) / 1_000_000)
    }
}
