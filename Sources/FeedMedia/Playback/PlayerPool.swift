import FeedCore

/// The bounded pool of reusable players, applied from FeedCore's preload plan.
///
/// Owned by the feed session on the GTK thread. FeedCore decides (its
/// `PoolAssignment`: which player serves which item, which is unloaded, made
/// or destroyed), the pool acts, and makes the current item the only one
/// that plays and the only one that may be unmuted.
@MainActor
public final class PlayerPool {
    /// The most players a pool may hold (a setting from 1 to this).
    public static let maximumCapacity = 5

    /// How many players may be alive at once, clamped to 1...5. Shrinking
    /// destroys surplus idle players first, then those serving the least
    /// urgent items of the last plan.
    public var capacity: Int {
        get { storedCapacity }
        set {
            storedCapacity = min(max(newValue, 1), Self.maximumCapacity)
            shrink()
        }
    }

    /// Alive players, created lazily up to `capacity`, in creation order.
    public private(set) var players: [VideoPlayer] = []
    /// Which feed index each player serves now.
    public private(set) var assignments: [Int: VideoPlayer] = [:]
    /// The last error met creating a player, for diagnostics.
    public private(set) var lastCreationError: Error?

    private var storedCapacity: Int
    private var nextID = 1
    /// Indices of the last plan that got players, most urgent first.
    private var priority: [Int] = []

    /// What the links carry, which every player's rendition plan reads.
    private let throughput: ThroughputBook

    public init(capacity: Int = 3, throughput: ThroughputBook = ThroughputBook()) {
        storedCapacity = min(max(capacity, 1), Self.maximumCapacity)
        self.throughput = throughput
    }

    /// Whether players start their video again at its end; applies to
    /// every player now and later.
    public var loops = true {
        didSet { for player in players { player.loops = loops } }
    }

    /// The network's price and the user's quality every player's HLS
    /// rendition follows, now and later.
    private var renditionRules = RenditionPin.Rules()

    package func setRenditions(network: NetworkCondition, quality: VideoQuality) {
        renditionRules = RenditionPin.Rules(network: network, quality: quality)
        for player in players { player.renditionRules = renditionRules }
    }

    /// Applies a plan as FeedCore's `PoolAssignment` decides: players
    /// whose item left the plan are unloaded (READY), not merely paused;
    /// missing items are loaded into idle players or new ones below
    /// capacity. Every player but the `.play` one is muted and paused
    /// first; then the `.play` one gets `isMuted = muted` and `play()`
    /// (`pause()` when `plays` is false: the user paused, or no autoplay).
    /// Players kept for their item are resized to `box` if it changed; a
    /// player loading an index plays `captionFor`'s captions file beside it.
    /// Returns the indices whose player was (re)loaded.
    @discardableResult
    public func apply(_ plan: PreloadPlan, uriFor: (Int) -> String?, captionFor: (Int) -> String? = { _ in nil }, box: PixelSize, fit: ContentFit,
                      muted: Bool, plays: Bool = true) -> [Int: VideoPlayer] {
        MainActor.assertIsolated()
        var uris: [Int: String] = [:]
        for entry in plan.entries where entry.video == .play || entry.video == .prepare {
            if let uri = uriFor(entry.index) { uris[entry.index] = uri }
        }
        let indexOf = Dictionary(assignments.map { (ObjectIdentifier($0.value), $0.key) }, uniquingKeysWith: { a, _ in a })
        let held = players.map { player in
            PoolAssignment.Player(id: player.id, index: indexOf[ObjectIdentifier(player)], uri: player.uri)
        }
        let decision = PoolAssignment.decide(PoolAssignment.Input(entries: plan.entries, uris: uris, players: held,
                                                                  capacity: capacity))
        for id in decision.unload {
            guard let player = player(id: id), let index = indexOf[ObjectIdentifier(player)] else { continue }
            player.isMuted = true
            player.unload()
            assignments[index] = nil
        }
        priority = decision.priority
        for player in assignments.values { player.resize(box: box, fit: fit) }
        // Silence and pause everything but the current item before it plays.
        for (index, player) in assignments where index != decision.playing {
            player.isMuted = true
            player.pause()
        }
        var changed: [Int: VideoPlayer] = [:]
        for load in decision.load {
            guard let player = load.player.flatMap(player(id:)) ?? makePlayer() else { continue }
            player.isMuted = true
            player.load(uri: load.uri, box: box, fit: fit, caption: captionFor(load.index))
            assignments[load.index] = player
            changed[load.index] = player
        }
        if let playing = decision.playing, let player = assignments[playing] {
            player.isMuted = muted
            if plays { player.play() } else { player.pause() }
        }
        for id in decision.destroy { destroy(id) }
        return changed
    }

    /// The player serving `index`, if any.
    /// The feed was replaced and items moved: players follow their items to
    /// their new indices (keeping what they play); players whose item is gone
    /// are unloaded.
    public func remap(_ newIndex: (Int) -> Int?) {
        MainActor.assertIsolated()
        var moved: [Int: VideoPlayer] = [:]
        for (index, player) in assignments {
            if let target = newIndex(index), moved[target] == nil {
                moved[target] = player
            } else {
                player.isMuted = true
                player.unload()
            }
        }
        assignments = moved
        priority = priority.compactMap(newIndex)
    }

    public func player(for index: Int) -> VideoPlayer? {
        assignments[index]
    }

    /// Players whose pipeline is at or heading for PLAYING.
    public var playingCount: Int { players.filter(\.isPipelinePlaying).count }
    /// Players whose element is not muted.
    public var unmutedCount: Int { players.filter { !$0.isMuted }.count }
    /// Players holding an item without playing it (prepared or preparing).
    public var preparedCount: Int { assignments.values.filter { !$0.isPlaying && !$0.isPipelinePlaying }.count }

    /// Destroys every player (the feed was closed). The pool can be used again.
    public func releaseAll() {
        MainActor.assertIsolated()
        for player in players { player.destroy() }
        players.removeAll()
        assignments.removeAll()
        priority.removeAll()
    }

    /// Unloads every player but the one serving `index`, so a decoder that
    /// failed to start (DECODER_INIT_FAILED) gets the resources the others held.
    public func releaseOthers(keeping index: Int) {
        MainActor.assertIsolated()
        for (other, player) in assignments where other != index {
            player.isMuted = true
            player.unload()
            assignments[other] = nil
        }
        priority.removeAll { $0 != index }
    }

    // MARK: Internals

    private func player(id: Int) -> VideoPlayer? {
        players.first { $0.id == id }
    }

    private func makePlayer() -> VideoPlayer? {
        guard players.count < capacity else { return nil }
        do {
            let player = try StallWatch.running("player made") { try VideoPlayer(id: nextID, throughput: throughput) }
            player.loops = loops
            player.renditionRules = renditionRules
            nextID += 1
            players.append(player)
            return player
        } catch {
            lastCreationError = error
            return nil
        }
    }

    /// Destroys player `id`, dropping its item and its place in the priority.
    private func destroy(_ id: Int) {
        guard let victim = player(id: id) else { return }
        if let index = assignments.first(where: { $0.value === victim })?.key {
            assignments[index] = nil
            priority.removeAll { $0 == index }
        }
        victim.destroy()
        players.removeAll { $0 === victim }
    }

    /// Destroys players above capacity, as FeedCore's `PoolAssignment` ranks them.
    private func shrink() {
        var holding: [Int: Int] = [:]
        for (index, player) in assignments { holding[player.id] = index }
        for id in PoolAssignment.surplus(players: players.map(\.id), holding: holding, priority: priority,
                                         capacity: capacity) {
            destroy(id)
        }
    }
}
