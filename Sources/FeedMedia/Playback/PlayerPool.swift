import FeedCore

/// The bounded pool of reusable players, applied from FeedCore's preload plan.
///
/// Owned by the feed session on the GTK thread. FeedCore decides, the pool
/// acts: `apply` compares the plan with what the pool holds, unloads players
/// whose item left the plan, loads missing ones (reusing, never creating more
/// than `capacity`), and makes the current item the only one that plays and
/// the only one that may be unmuted.
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

    public init(capacity: Int = 3) {
        storedCapacity = min(max(capacity, 1), Self.maximumCapacity)
    }

    /// Whether players start their video again at its end; applies to
    /// every player now and later.
    public var loops = true {
        didSet { for player in players { player.loops = loops } }
    }

    /// Applies a plan. For each index whose video is `.play` or `.prepare`
    /// (most urgent first, at most `capacity` of them) a player is loaded with
    /// its item: the one already serving it, else an idle one, else a new one
    /// below capacity. Players serving anything else are unloaded (READY), not
    /// merely paused. Every player but the `.play` one is muted and paused
    /// first; then the `.play` one gets `isMuted = muted` and `play()`
    /// (`pause()` when `plays` is false: the user paused, or no autoplay).
    /// Players kept for their item are resized to `box` if it changed.
    /// Returns the indices whose player was (re)loaded, for the UI to rebind.
    @discardableResult
    public func apply(_ plan: PreloadPlan, uriFor: (Int) -> String?, box: PixelSize, fit: ContentFit,
                      muted: Bool, plays: Bool = true) -> [Int: VideoPlayer] {
        let candidates = plan.entries.filter { $0.video == .play } + plan.entries.filter { $0.video == .prepare }
        var wanted: [(index: Int, uri: String, plays: Bool)] = []
        for entry in candidates where wanted.count < capacity && !wanted.contains(where: { $0.index == entry.index }) {
            if let uri = uriFor(entry.index) { wanted.append((entry.index, uri, entry.video == .play)) }
        }

        // Leaving: indices no longer wanted, or whose item changed.
        for (index, player) in assignments {
            if let keep = wanted.first(where: { $0.index == index }), keep.uri == player.uri { continue }
            player.isMuted = true
            player.unload()
            assignments[index] = nil
        }
        priority = wanted.map(\.index)

        for player in assignments.values { player.resize(box: box, fit: fit) }

        // Silence and pause everything but the current item before it plays.
        let playing = wanted.first(where: \.plays)?.index
        for (index, player) in assignments where index != playing {
            player.isMuted = true
            player.pause()
        }

        var changed: [Int: VideoPlayer] = [:]
        for item in wanted where assignments[item.index] == nil {
            guard let player = idlePlayer() ?? makePlayer() else { continue }
            player.isMuted = true
            player.load(uri: item.uri, box: box, fit: fit)
            assignments[item.index] = player
            changed[item.index] = player
        }
        if let playing, let player = assignments[playing] {
            player.isMuted = muted
            if plays { player.play() } else { player.pause() }
        }
        shrink()
        return changed
    }

    /// The player serving `index`, if any.
    /// The feed was replaced and items moved: players follow their items to
    /// their new indices (keeping what they play); players whose item is gone
    /// are unloaded.
    public func remap(_ newIndex: (Int) -> Int?) {
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
        for player in players { player.destroy() }
        players.removeAll()
        assignments.removeAll()
        priority.removeAll()
    }

    /// Unloads every player but the one serving `index`, so a decoder that
    /// failed to start (DECODER_INIT_FAILED) gets the resources the others held.
    public func releaseOthers(keeping index: Int) {
        for (other, player) in assignments where other != index {
            player.isMuted = true
            player.unload()
            assignments[other] = nil
        }
        priority.removeAll { $0 != index }
    }

    // MARK: Internals

    private func idlePlayer() -> VideoPlayer? {
        players.first { player in !assignments.values.contains { $0 === player } }
    }

    private func makePlayer() -> VideoPlayer? {
        guard players.count < capacity else { return nil }
        do {
            let player = try VideoPlayer(id: nextID)
            player.loops = loops
            nextID += 1
            players.append(player)
            return player
        } catch {
            lastCreationError = error
            return nil
        }
    }

    /// Destroys players above capacity: idle ones first, then the least urgent.
    private func shrink() {
        while players.count > capacity {
            let victim: VideoPlayer
            if let idle = idlePlayer() {
                victim = idle
            } else {
                let ranked = assignments.sorted { lhs, rhs in
                    (priority.firstIndex(of: lhs.key) ?? Int.max) < (priority.firstIndex(of: rhs.key) ?? Int.max)
                }
                guard let last = ranked.last else { break }
                victim = last.value
                assignments[last.key] = nil
                priority.removeAll { $0 == last.key }
            }
            victim.destroy()
            players.removeAll { $0 === victim }
        }
    }
}
