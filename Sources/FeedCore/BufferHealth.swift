// Pure: values only, imports Foundation at most.

/// Whether the current item's buffer is healthy, from periodic samples.
///
/// The preload plan gives every byte to the current item while it is
/// starving. Going unhealthy is immediate; going healthy again needs a run of
/// good samples, so the plan does not flap between the two every second.
public enum BufferHealth {
    /// One look at the current player, taken about once a second.
    public struct Sample: Sendable, Equatable, Codable {
        /// When the sample was taken, in seconds on any steady clock.
        public var time: Double
        /// Whether the player reports that it is buffering (stalled).
        public var buffering: Bool
        /// Media buffered ahead of the playhead, in seconds.
        public var secondsAhead: Double
        /// Media left to play after the playhead, in seconds.
        public var secondsLeft: Double

        /// Creates a sample.
        public init(time: Double, buffering: Bool, secondsAhead: Double, secondsLeft: Double) {
            self.time = time
            self.buffering = buffering
            self.secondsAhead = secondsAhead
            self.secondsLeft = secondsLeft
        }
    }

    /// What the health check remembers between samples.
    public struct State: Sendable, Equatable, Codable {
        /// The verdict the preload plan uses.
        public var healthy: Bool
        /// While unhealthy: when the current run of good samples began, in
        /// seconds (nil when the last sample was bad).
        public var goodSince: Double?

        /// Creates a state.
        public init(healthy: Bool, goodSince: Double? = nil) {
            self.healthy = healthy
            self.goodSince = goodSince
        }

        /// Healthy, with nothing remembered: the state for a new current item.
        public static let initial = State(healthy: true)
    }

    /// A state and the sample that just arrived.
    public struct Input: Sendable, Equatable, Codable {
        /// What was known before this sample.
        public var state: State
        /// The sample that just arrived.
        public var sample: Sample
        /// Less than this much buffered ahead, in seconds, is starving...
        public var lowWaterSeconds: Double = 2
        /// ...unless no more than this much of the video is left, in seconds.
        public var endSeconds: Double = 2
        /// Seconds of continuous good samples before healthy again.
        public var recoverySeconds: Double = 5

        /// Creates an input with the default thresholds (2 s, 2 s, 5 s).
        public init(state: State, sample: Sample, lowWaterSeconds: Double = 2,
                    endSeconds: Double = 2, recoverySeconds: Double = 5) {
            self.state = state
            self.sample = sample
            self.lowWaterSeconds = lowWaterSeconds
            self.endSeconds = endSeconds
            self.recoverySeconds = recoverySeconds
        }

        /// Whether this sample alone looks bad: buffering, or under
        /// `lowWaterSeconds` ahead with more than `endSeconds` still to play.
        public var sampleIsBad: Bool {
            sample.buffering || (sample.secondsAhead < lowWaterSeconds && sample.secondsLeft > endSeconds)
        }
    }

    /// The state after `input.sample`: unhealthy at once on a bad sample;
    /// healthy again once good samples have run for `recoverySeconds`.
    /// Start from `State.initial` whenever the current item changes.
    public static func next(_ input: Input) -> State {
        if input.sampleIsBad { return State(healthy: false) }
        if input.state.healthy { return .initial }
        let since = input.state.goodSince ?? input.sample.time
        if input.sample.time - since >= input.recoverySeconds { return .initial }
        return State(healthy: false, goodSince: since)
    }
}
