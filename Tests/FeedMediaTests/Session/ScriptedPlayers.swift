import CGLib
import FeedCore
@testable import FeedMedia

/// A player the test plays by hand: a load takes a new generation and
/// nothing more; frames and events come only when the test sends them.
/// GTK thread only.
@MainActor
final class ScriptedPlayer: SessionPlayer {
    let id: Int
    private(set) var generation: UInt64 = 0
    var state: PlaybackState = .idle
    var isPlaying: Bool { state == .starting || state == .playing || state == .buffering }
    var position: Double?
    var duration: Double?
    var decoder: (name: String, kind: DecoderKind)?
    var isMuted = true
    var loops = true
    var rate = 1.0
    var volume = 1.0
    var onFrame: ((VideoFrame) -> Void)?
    var onEvent: ((PlayerEvent, UInt64) -> Void)?
    var onCue: ((CaptionCue) -> Void)?
    var captionTrackCount = 0
    var textLanguages: [String?] = []
    func chooseCaptionTrack() {}
    /// What the player holds now (nil once unloaded), and every load it was asked for.
    private(set) var uri: String?
    private(set) var loads: [String] = []
    /// The captions file its last load was given.
    private(set) var caption: String?
    private(set) var seeks: [Double] = []

    init(id: Int) { self.id = id }

    @discardableResult
    func load(uri: String, box: PixelSize, fit: ContentFit, caption: String? = nil) -> UInt64 {
        generation += 1
        self.uri = uri
        self.caption = caption
        loads.append(uri)
        state = .preparing
        return generation
    }

    func unload() {
        generation += 1
        uri = nil
        state = .idle
    }

    /// As a real player: a failed binding neither plays nor pauses; one
    /// still preparing starts on its first frame (``send(_:generation:)``
    /// with `.prerolled`).
    func play() {
        guard uri != nil else { return }
        switch state {
        case .preparing: state = .starting
        case .ready, .paused, .ended: state = .playing
        default: break
        }
    }

    func pause() {
        guard uri != nil else { return }
        switch state {
        case .playing, .buffering: state = .paused
        case .starting: state = .preparing
        default: break
        }
    }
    func seek(to seconds: Double, accurate: Bool) { seeks.append(seconds) }
    /// Frames per second once "known"; a step answers only then.
    var frameRate: Double?
    func step(frames: Int, from: Double) -> Double? { frameRate.map { from + Double(frames) / $0 } }

    /// Sends `event` for the current binding, or for `generation` (an older one).
    func send(_ event: PlayerEvent, generation: UInt64? = nil) {
        switch event {
        case .failed: state = .error
        case .prerolled: state = state == .starting ? .playing : .ready
        case .bufferingStarted: state = .buffering
        case .bufferingEnded, .playing: state = .playing
        default: break
        }
        onEvent?(event, generation ?? self.generation)
    }

    /// Sends a 2×2 black frame of the current binding, or of `generation`.
    @discardableResult
    func sendFrame(generation: UInt64? = nil) -> VideoFrame {
        let pixels = [UInt8](repeating: 0, count: 16)
        let bytes: OpaquePointer = pixels.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize(16))! }
        let frame = VideoFrame(width: 2, height: 2, stride: 8, format: .bgra8Premultiplied, bytes: bytes,
                               generation: generation ?? self.generation, pts: position)
        onFrame?(frame)
        return frame
    }
}

/// The pool's decisions (FeedCore's ``PoolAssignment``) carried out on
/// ``ScriptedPlayer``s: the session plans, loads, plays and pauses as with
/// real players, and the test decides what the players answer.
@MainActor
final class ScriptedPlayers: PlayerProvider {
    let capacity: Int
    private(set) var players: [ScriptedPlayer] = []
    private(set) var assignments: [Int: ScriptedPlayer] = [:]
    var loops = true { didSet { for player in players { player.loops = loops } } }
    private var made = 0

    init(capacity: Int = 3) { self.capacity = capacity }

    @discardableResult
    func apply(_ plan: PreloadPlan, uriFor: (Int) -> String?, captionFor: (Int) -> String?, box: PixelSize, fit: ContentFit,
               muted: Bool, plays: Bool) -> [Int: ScriptedPlayer] {
        var uris: [Int: String] = [:]
        for entry in plan.entries where entry.video == .play || entry.video == .prepare {
            if let uri = uriFor(entry.index) { uris[entry.index] = uri }
        }
        let indexOf = Dictionary(assignments.map { ($0.value.id, $0.key) }, uniquingKeysWith: { a, _ in a })
        let held = players.map { PoolAssignment.Player(id: $0.id, index: indexOf[$0.id], uri: $0.uri) }
        let decision = PoolAssignment.decide(PoolAssignment.Input(entries: plan.entries, uris: uris, players: held,
                                                                  capacity: capacity))
        for id in decision.unload {
            guard let index = indexOf[id] else { continue }
            assignments[index]?.unload()
            assignments[index] = nil
        }
        for (index, player) in assignments where index != decision.playing {
            player.isMuted = true
            player.pause()
        }
        var changed: [Int: ScriptedPlayer] = [:]
        for load in decision.load {
            let player = load.player.flatMap { id in players.first { $0.id == id } } ?? make()
            player.isMuted = true
            player.load(uri: load.uri, box: box, fit: fit, caption: captionFor(load.index))
            assignments[load.index] = player
            changed[load.index] = player
        }
        if let playing = decision.playing, let player = assignments[playing] {
            player.isMuted = muted
            if plays { player.play() } else { player.pause() }
        }
        for id in decision.destroy {
            players.removeAll { $0.id == id }
            assignments = assignments.filter { $0.value.id != id }
        }
        return changed
    }

    private func make() -> ScriptedPlayer {
        made += 1
        let player = ScriptedPlayer(id: made)
        player.loops = loops
        players.append(player)
        return player
    }

    func player(for index: Int) -> ScriptedPlayer? { assignments[index] }

    func remap(_ newIndex: (Int) -> Int?) {
        var moved: [Int: ScriptedPlayer] = [:]
        for (index, player) in assignments {
            if let target = newIndex(index), moved[target] == nil { moved[target] = player } else { player.unload() }
        }
        assignments = moved
    }

    func releaseAll() {
        players.removeAll()
        assignments.removeAll()
    }

    func releaseOthers(keeping index: Int) {
        for (other, player) in assignments where other != index {
            player.unload()
            assignments[other] = nil
        }
    }

    var playingCount: Int { players.filter(\.isPlaying).count }
    var unmutedCount: Int { players.filter { !$0.isMuted }.count }
    var preparedCount: Int { assignments.values.filter { !$0.isPlaying }.count }
    var coalescedFrames: Int { 0 }
}
