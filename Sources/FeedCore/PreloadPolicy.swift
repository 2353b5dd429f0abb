// Pure: values only, imports Foundation at most.

/// Decides what to prepare and preload around the current post.
///
/// The aim is that arriving on the next post shows a frame at once, without
/// spending memory, players or the user's data on posts they will skip. The
/// plan steps down as conditions worsen: a fling only fetches startup bytes,
/// an unhealthy current buffer gets every byte, constraints drop extra
/// players, and offline or critical memory plans the current item alone.
public enum PreloadPolicy {
    /// Everything the plan depends on. Only `currentIndex` and `count` are
    /// required; the rest describe a calm, unconstrained desktop by default.
    public struct Input: Sendable, Equatable, Codable {
        /// The current item; clamped into the feed.
        public var currentIndex: Int
        /// Items in the feed.
        public var count: Int
        /// Which way the user is moving.
        public var direction: ScrollDirection = .forward
        /// Scroll speed, in pages per second; its sign is ignored.
        public var velocity: Double = 0
        /// Whether the current item's buffer is healthy (see `BufferHealth`).
        public var bufferHealthy: Bool = true
        /// What the network allows.
        public var network: NetworkCondition = .unmetered
        /// How short of memory the system is.
        public var memory: MemoryCondition = .normal
        /// Whether the desktop's power-saver profile is on.
        public var powerSaver: Bool = false
        /// How capable the machine is.
        public var tier: DeviceTier = .mid
        /// Whether anyone can see the feed: a hidden one plans its current
        /// post alone, paused, and a resting one not even its player.
        public var visibility: WindowVisibility = .visible
        /// Items wanted ahead of the current one, in the scroll direction.
        public var ahead: Int = 2
        /// Items wanted behind the current one.
        public var behind: Int = 1
        /// Above this speed, in pages per second (strictly), the user is flinging.
        public var flingVelocity: Double = 2

        /// Creates an input; every field but the position has a calm default.
        public init(currentIndex: Int, count: Int, direction: ScrollDirection = .forward,
                    velocity: Double = 0, bufferHealthy: Bool = true,
                    network: NetworkCondition = .unmetered, memory: MemoryCondition = .normal,
                    powerSaver: Bool = false, tier: DeviceTier = .mid,
                    ahead: Int = 2, behind: Int = 1, flingVelocity: Double = 2) {
            self.currentIndex = currentIndex
            self.count = count
            self.direction = direction
            self.velocity = velocity
            self.bufferHealthy = bufferHealthy
            self.network = network
            self.memory = memory
            self.powerSaver = powerSaver
            self.tier = tier
            self.ahead = ahead
            self.behind = behind
            self.flingVelocity = flingVelocity
        }

        /// Faster than `flingVelocity`: the user is skimming, not watching.
        public var isFlinging: Bool {
            abs(velocity) > flingVelocity
        }

        /// Memory pressure, power saver or a low-tier machine: no extra
        /// players beyond the current one.
        public var isConstrained: Bool {
            memory != .normal || powerSaver || tier == .low
        }
    }

    /// The plan for `input`.
    ///
    /// - Hidden: the current item alone, prepared (paused); resting: its
    ///   poster alone, no player.
    /// - The current item is always P0, played and displayed.
    /// - Offline or critical memory: nothing else.
    /// - Next (P1): a prepared player; only its startup bytes when flinging,
    ///   constrained, metered or saving data; only its poster while the
    ///   current buffer is unhealthy.
    /// - Next+1 (P2): its startup bytes; nothing when unhealthy, flinging or
    ///   under memory pressure; its poster only when constrained or metered.
    /// - Further ahead (P3): posters, only when nothing constrains.
    /// - Previous (P3, not while flinging): prepared on a high tier with
    ///   normal memory, no power saver and a healthy buffer (on a metered
    ///   link too: its bytes were fetched when it was watched), else its poster,
    ///   with its picture decoded unless constrained. Further behind: posters,
    ///   only when nothing constrains.
    /// - Startup range: `StartupRange.metered` when metered or data saver.
    public static func plan(_ input: Input) -> PreloadPlan {
        let range: PreloadPlan.StartupRange = input.network.isMetered ? .metered : .normal
        guard input.count > 0 else { return PreloadPlan(entries: [], startupRange: range) }
        let current = min(max(input.currentIndex, 0), input.count - 1)
        switch input.visibility {
        case .visible: break
        case .hidden:
            return PreloadPlan(entries: [.init(index: current, priority: .p0, video: .prepare, image: .display)], startupRange: range)
        case .resting:
            return PreloadPlan(entries: [.init(index: current, priority: .p0, video: .poster, image: .display)], startupRange: range)
        }
        var entries = [PreloadPlan.Entry(index: current, priority: .p0, video: .play, image: .display)]
        guard input.network != .offline, input.memory != .critical else {
            return PreloadPlan(entries: entries, startupRange: range)
        }
        let step = input.direction.step
        let calm = input.bufferHealthy && !input.isFlinging && !input.isConstrained && !input.network.isMetered

        for distance in stride(from: 1, through: input.ahead, by: 1) {
            let index = current + step * distance
            guard (0..<input.count).contains(index) else { break }
            if let work = aheadWork(distance: distance, input: input, calm: calm) {
                entries.append(.init(index: index, priority: work.0, video: work.1, image: work.2))
            }
        }
        if !input.isFlinging {
            for distance in stride(from: 1, through: input.behind, by: 1) {
                let index = current - step * distance
                guard (0..<input.count).contains(index) else { break }
                if let work = behindWork(distance: distance, input: input, calm: calm) {
                    entries.append(.init(index: index, priority: .p3, video: work.0, image: work.1))
                }
            }
        }
        entries.sort {
            ($0.priority, abs($0.index - current), $0.index) < ($1.priority, abs($1.index - current), $1.index)
        }
        return PreloadPlan(entries: entries, startupRange: range)
    }

    private static func aheadWork(distance: Int, input: Input, calm: Bool)
        -> (PreloadPlan.Priority, PreloadPlan.VideoWork, PreloadPlan.ImageWork)? {
        switch distance {
        case 1:
            if !input.bufferHealthy { return (.p1, .poster, .nothing) }
            if input.isFlinging || input.isConstrained || input.network.isMetered { return (.p1, .startup, .fetch) }
            return (.p1, .prepare, .decode)
        case 2:
            if !input.bufferHealthy || input.isFlinging || input.memory == .pressure { return nil }
            if input.isConstrained || input.network.isMetered { return (.p2, .poster, .fetch) }
            return (.p2, .startup, .fetch)
        default:
            return calm ? (.p3, .poster, .fetch) : nil
        }
    }

    private static func behindWork(distance: Int, input: Input, calm: Bool)
        -> (PreloadPlan.VideoWork, PreloadPlan.ImageWork)? {
        guard distance == 1 else { return calm ? (.poster, .fetch) : nil }
        if input.tier == .high, !input.isConstrained, input.bufferHealthy { return (.prepare, .decode) }
        return (.poster, input.isConstrained ? .nothing : .decode)
    }
}
