import FeedCore

/// Which index each player's frames and events are for, and the newest
/// frame of each index a player serves, for a view attached later. A
/// player's callbacks are made again only when its index or binding
/// generation moves; a callback of an older binding, or of a player no
/// longer serving its index, is dropped. Owned by ``FeedSession``; GTK
/// thread only.
@MainActor
final class PlayerWiring {
    /// A player's binding: the player and the generation of its load.
    struct Binding: Hashable {
        let player: Int
        let generation: UInt64
    }

    private let pool: any PlayerProvider
    /// Where the frames, events and cues of the current bindings go.
    private let inbox: SessionInbox
    /// What each player's callbacks were made for.
    private var wired: [Int: (index: Int, generation: UInt64)] = [:]
    /// The newest frame of each index a player serves.
    private var lastFrames: [Int: VideoFrame] = [:]
    /// The item's media URI of each binding (the player may read it
    /// through the cache): what the view reports a frame came from.
    private var sources: [Binding: String] = [:]

    init(pool: any PlayerProvider, inbox: SessionInbox) {
        self.pool = pool
        self.inbox = inbox
    }

    /// Makes the callbacks of every player whose index or binding moved:
    /// its frames (with the binding's media URI, `uri`), events and cues
    /// go to the session's inbox, labelled with the index they are for.
    func wire(uri: (Int) -> String?) {
        if sources.count > 64 {
            let live = Set(pool.assignments.values.map { Binding(player: $0.id, generation: $0.generation) })
            sources = sources.filter { live.contains($0.key) }
        }
        for (index, player) in pool.assignments {
            let generation = player.generation
            if let done = wired[player.id], done.index == index, done.generation == generation { continue }
            wired[player.id] = (index, generation)
            let binding = Binding(player: player.id, generation: generation)
            if let uri = uri(index) { sources[binding] = uri }
            player.onFrame = { [weak self, weak player] videoFrame in
                guard let self, let player, videoFrame.generation == generation, player.generation == generation,
                      self.pool.player(for: index) === player else { return }
                self.lastFrames[index] = videoFrame
                self.inbox.post(.frame(index: index, frame: videoFrame, source: self.sources[binding]))
            }
            player.onEvent = { [weak self, weak player] playerEvent, eventGeneration in
                guard let self, let player, eventGeneration == generation, player.generation == generation,
                      self.pool.player(for: index) === player else { return }
                self.inbox.post(.player(playerEvent, index: index))
            }
            player.onCue = { [weak self, weak player] caption in
                guard let self, let player, player.generation == generation, self.pool.player(for: index) === player else { return }
                self.inbox.post(.cue(caption, index: index))
            }
        }
    }

    /// The indices holding a frame, in order.
    var framedIndices: [Int] { lastFrames.keys.sorted() }

    /// The last frame of the player serving `index`, and the media URI of
    /// its binding, while that player still holds it.
    func heldFrame(at index: Int) -> (frame: VideoFrame, source: String?)? {
        guard let frame = lastFrames[index], let player = pool.player(for: index),
              player.generation == frame.generation else { return nil }
        return (frame, sources[Binding(player: player.id, generation: frame.generation)])
    }

    /// No player serves `index` any more.
    func released(_ index: Int) {
        lastFrames[index] = nil
    }

    /// Items moved (Reload): frames follow their items; every player is
    /// wired again.
    func remap(_ newIndexOf: [Int: Int]) {
        lastFrames = Dictionary(lastFrames.compactMap { old, frame in newIndexOf[old].map { ($0, frame) } },
                                uniquingKeysWith: { first, _ in first })
        wired.removeAll()
        sources.removeAll()
    }

    /// Forgets everything (the players were freed).
    func reset() {
        lastFrames.removeAll()
        wired.removeAll()
    }
}
