// Pure: values only, imports Foundation at most.

/// Which player of the pool serves which item after a plan, which are
/// unloaded, which are made and which destroyed. FeedMedia's `PlayerPool`
/// carries the decision out; it decides nothing of its own.
///
/// The rules: the plan's `.play` entry, then its `.prepare` entries in plan
/// order, get players (at most `capacity`, only items that have media). A
/// player already holding a wanted item's media keeps it; one holding
/// anything else is unloaded. Missing items take the first idle player in
/// creation order (one just unloaded included), else a new one while the
/// pool is below capacity. Above capacity (a lowered setting), idle players
/// go first, then those serving the least urgent items.
public enum PoolAssignment {
    /// What one player holds now.
    public struct Player: Sendable, Equatable, Codable {
        /// The pool's id for it.
        public var id: Int
        /// The feed index it serves, nil while idle.
        public var index: Int?
        /// The media it has loaded for that index.
        public var uri: String?

        public init(id: Int, index: Int? = nil, uri: String? = nil) {
            self.id = id
            self.index = index
            self.uri = uri
        }
    }

    public struct Input: Sendable, Equatable, Codable {
        /// The preload plan's entries.
        public var entries: [PreloadPlan.Entry]
        /// The media of each planned index that has a video or sound; an
        /// index missing here (a picture, a skeleton) gets no player.
        public var uris: [Int: String]
        /// The pool's players in creation order.
        public var players: [Player]
        /// Players alive at most.
        public var capacity: Int

        public init(entries: [PreloadPlan.Entry], uris: [Int: String], players: [Player], capacity: Int) {
            self.entries = entries
            self.uris = uris
            self.players = players
            self.capacity = capacity
        }
    }

    /// One load: `player` nil makes a new player for it.
    public struct Load: Sendable, Equatable, Codable {
        public var index: Int
        public var uri: String
        public var player: Int?

        public init(index: Int, uri: String, player: Int?) {
            self.index = index
            self.uri = uri
            self.player = player
        }
    }

    public struct Decision: Sendable, Equatable, Codable {
        /// Players whose item left the plan or changed: unloaded, now idle.
        public var unload: [Int]
        /// Loads, most urgent first.
        public var load: [Load]
        /// Players destroyed to get back within capacity.
        public var destroy: [Int]
        /// The index whose player plays; every other player is paused and muted.
        public var playing: Int?
        /// The indices that have players, most urgent first.
        public var priority: [Int]

        public init(unload: [Int] = [], load: [Load] = [], destroy: [Int] = [], playing: Int? = nil, priority: [Int] = []) {
            self.unload = unload
            self.load = load
            self.destroy = destroy
            self.playing = playing
            self.priority = priority
        }
    }

    /// The decision for a new plan.
    public static func decide(_ input: Input) -> Decision {
        let capacity = max(1, input.capacity)
        let ordered = input.entries.filter { $0.video == .play } + input.entries.filter { $0.video == .prepare }
        var wanted: [(index: Int, uri: String, plays: Bool)] = []
        for entry in ordered where wanted.count < capacity && !wanted.contains(where: { $0.index == entry.index }) {
            if let uri = input.uris[entry.index] { wanted.append((entry.index, uri, entry.video == .play)) }
        }
        var decision = Decision(playing: wanted.first(where: \.plays)?.index, priority: wanted.map(\.index))
        // Who holds what once the leaving items are unloaded.
        var holding: [Int: Int] = [:] // player id → index
        for player in input.players {
            guard let index = player.index else { continue }
            if let keep = wanted.first(where: { $0.index == index }), keep.uri == player.uri, !holding.values.contains(index) {
                holding[player.id] = index
            } else {
                decision.unload.append(player.id)
            }
        }
        var made = 0
        for item in wanted where !holding.values.contains(item.index) {
            if let idle = input.players.first(where: { holding[$0.id] == nil }) {
                holding[idle.id] = item.index
                decision.load.append(Load(index: item.index, uri: item.uri, player: idle.id))
            } else if input.players.count + made < capacity {
                made += 1
                decision.load.append(Load(index: item.index, uri: item.uri, player: nil))
            }
        }
        decision.destroy = surplus(players: input.players.map(\.id), holding: holding,
                                   priority: decision.priority, capacity: capacity)
        let destroyed = Set(decision.destroy.compactMap { holding[$0] })
        decision.priority.removeAll { index in
            destroyed.contains(index)
                || (!holding.values.contains(index) && !decision.load.contains { $0.index == index })
        }
        return decision
    }

    /// The players to destroy to get within `capacity` without a new plan
    /// (the setting was lowered): idle ones first, then those serving the
    /// least urgent items of `priority`.
    public static func surplus(players: [Int], holding: [Int: Int], priority: [Int], capacity: Int) -> [Int] {
        var alive = players
        var victims: [Int] = []
        while alive.count > max(1, capacity) {
            if let idle = alive.first(where: { holding[$0] == nil }) {
                victims.append(idle)
                alive.removeAll { $0 == idle }
                continue
            }
            let ranked = alive.sorted { lhs, rhs in
                (holding[lhs].flatMap { priority.firstIndex(of: $0) } ?? Int.max)
                    < (holding[rhs].flatMap { priority.firstIndex(of: $0) } ?? Int.max)
            }
            guard let last = ranked.last else { break }
            victims.append(last)
            alive.removeAll { $0 == last }
        }
        return victims
    }
}
