import CGLib
internal import CGStreamer
import FeedCore
import FeedGObject
import Foundation

/// A reusable GStreamer video player: one playbin, bound to one item at a
/// time, handing scaled BGRA frames and events to the GTK thread.
///
/// Owned by the GTK thread (``PlayerPool``). Commands are short: check, then
/// ask GStreamer. Streaming threads only touch the frame mailbox; bus
/// messages are read by a watch on the GTK thread's main context. Every
/// binding takes a new generation; frames and events of an earlier one are
/// never delivered (the mailbox drops them, the bus is flushed on rebinding).
@MainActor
public final class VideoPlayer {
    /// The pool's number for this player, for logs and diagnostics.
    public let id: Int
    /// Called on the GTK thread with the newest frame of the current binding;
    /// at most one hand-over is pending per player, newer frames replace older.
    public var onFrame: ((VideoFrame) -> Void)?
    /// Called on the GTK thread with an event and the generation it belongs
    /// to; events of an earlier binding are dropped before this is called.
    public var onEvent: ((PlayerEvent, UInt64) -> Void)?
    /// Each caption cue of the current binding at its time, on the GTK thread.
    public var onCue: ((CaptionCue) -> Void)?
    /// The current binding's generation (from a GenerationGuard); every
    /// `load`, `unload` and `destroy` takes a new one.
    public internal(set) var generation: UInt64 = 0
    /// The bound item's URI; nil when unbound.
    public internal(set) var uri: String?
    /// The box frames are sized for, in pixels, and how they fit it.
    public internal(set) var box = PixelSize(width: 0, height: 0)
    public internal(set) var fit = ContentFit.cover
    /// Whether reaching the end restarts from the beginning (default on).
    public var loops = true
    /// How fast the player plays (1 = normal), kept across its bindings:
    /// a prerolled pipeline takes a change at once (a seek where it is),
    /// one still preparing once its first frame is there. Pitch stays
    /// (playbin's audio filter is `scaletempo`).
    public var rate = 1.0 {
        didSet { if rate != oldValue { applyRate() } }
    }
    /// Where the player is in FeedCore's playback state machine; only
    /// `PlaybackMachine.next` moves it.
    public internal(set) var state: PlaybackState = .idle

    /// How long preparing may take before the binding fails with TIMEOUT, in milliseconds.
    static let prerollTimeoutMilliseconds: UInt32 = 20_000

    /// The GStreamer side; nil once destroyed. GTK thread.
    var playbin: Playbin?
    var generations = GenerationGuard()
    let owner = WeakPlayer()
    let mailbox: FrameMailbox
    /// What the current binding waits for and watches; replaced by every (re)binding.
    var binding = PlayerBinding()

    /// The first frame arrived (the first ASYNC_DONE), and nothing failed since.
    var prerolled: Bool {
        switch state {
        case .ready, .playing, .paused, .buffering, .ended: true
        default: false
        }
    }

    /// A failure was reported for this binding; later ones are not.
    var failed: Bool { state == .error }

    /// souphttpsrc's read and connect timeout, in seconds (its default, set
    /// explicitly so that a timeout can be recognised, see ``NetworkActivity``).
    public static let networkTimeoutSeconds: UInt32 = 15

    /// When this player's network sources last brought bytes.
    let network: NetworkActivity
    /// Which video decoder the current binding plugged.
    let decoderWatch = DecoderWatch()
    /// The user's quality and the network's price, for HLS renditions (the pool's).
    var renditionRules: RenditionPin.Rules {
        get { playbin?.rendition.rules ?? RenditionPin.Rules() }
        set { if newValue != renditionRules { playbin?.rendition.set(newValue) } }
    }

    /// The HLS rendition playing, `WxH@BANDWIDTH`; empty for media of one.
    public var currentRendition: String { playbin?.rendition.currentLabel ?? "" }
    /// Distinct HLS renditions this binding was pinned to, each fetched from then on.
    public var renditionsFetched: Int { playbin?.rendition.renditionsPinned ?? 0 }
    /// The HLS master's renditions of this binding, and the one the user picked.
    public var renditions: (variants: [HLSVariant], forced: Int?) { playbin?.rendition.offered ?? ([], nil) }
    /// Plays rendition `index` of the master for this binding (nil: automatic).
    public func forceRendition(_ index: Int?) { playbin?.rendition.force(index) }

    /// Builds one playbin (flags video|audio|soft-volume) whose video sink
    /// scales to the requested box and ends in a BGRA appsink; muted.
    /// Network sources give up after `networkTimeoutSeconds` without bytes.
    public init(id: Int, networkTimeoutSeconds: UInt32 = VideoPlayer.networkTimeoutSeconds,
                throughput: ThroughputBook = ThroughputBook()) throws {
        self.id = id
        mailbox = FrameMailbox(owner: owner)
        network = NetworkActivity(timeoutSeconds: networkTimeoutSeconds)
        let playbin = try Playbin(name: "flick-player-\(id)", mailbox: mailbox, owner: owner, network: network,
                                  decoder: decoderWatch, throughput: throughput)
        self.playbin = playbin
        owner.player = self
        playbin.watchBus(owner, busCallback)
    }

    /// Loads the plugins players are built from on a thread of its own, so
    /// the first player the GTK thread makes does not wait for them (they
    /// cost ~100 ms). For launch, once the media runtime is initialized;
    /// a player made meanwhile waits only for what is still loading.
    public nonisolated static func loadPluginsInBackground() {
        // The spawner of the players' state threads starts now too, not in
        // the middle of the first landing.
        WorkerThreads.spawner.async { Playbin.loadPlugins() }
    }

    /// Playbins alive in the process (made and not yet finalized), for
    /// diagnostics and leak checks. Any thread.
    public nonisolated static var pipelinesAlive: Int { Playbin.alive.load() }

    /// Waits, at most `seconds`, for destroyed players' pipelines to finish
    /// going to NULL (that runs off the GTK thread); true when none is left.
    /// For the app's exit, after its feed let its players go.
    public nonisolated static func waitForTeardowns(seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Playbin.alive.load() > 0 {
            if Date() > deadline { return false }
            usleep(2_000)
        }
        return true
    }

    /// Frames replaced in the mailbox before the GTK thread took them.
    public var coalescedFrames: Int { mailbox.coalesced.load() }

    /// Whether the player plays or is about to: play() was asked and not
    /// undone by pause() or a failure (`starting`, `playing`, `buffering`).
    public var isPlaying: Bool { state == .starting || state == .playing || state == .buffering }

    /// The video decoder the current binding plugged (its factory's name)
    /// and whether it is a hardware one; nil before one is plugged.
    public var decoder: (name: String, kind: DecoderKind)? { decoderWatch.decoder }

    /// Whether the pipeline is at or heading for PLAYING (what can make
    /// sound and use the CPU), for diagnostics.
    public var isPipelinePlaying: Bool {
        // Told to reset: heading for READY, though the GStreamer thread doing
        // it may not have started yet.
        guard let playbin, !playbin.isResetting else { return false }
        // The target, not the current state: a pipeline told to pause may
        // still report PLAYING for a moment while it gets there.
        return playbin.targetState == GST_STATE_PLAYING
    }

    /// The stream's display size (square pixels) once known.
    public var videoSize: PixelSize? { playbin?.scale.streamSize }

    /// Whether `destroy()` has run.
    public var isDestroyed: Bool { playbin == nil }

    /// Leaves the item: READY (the pipeline is kept for reuse; the reset
    /// runs off the GTK thread), pending frames dropped, a new generation
    /// so late frames and events are too.
    public func unload() {
        rebind()
    }

    /// Tears the pipeline down to NULL (on its state thread) and releases it
    /// for good (pool shrink, feed closed). Later calls do nothing.
    public func destroy() {
        rebind(resetting: false)
        playbin = nil // Playbin.deinit: watch removed, NULL on its state thread, references released
        owner.player = nil
    }

    // MARK: Internals, GTK thread

    /// Applies a machine event. An illegal one leaves the state as it is
    /// and is logged: the player asked the machine for something it does
    /// not allow, which is a bug to fix, not a case to handle.
    func move(_ event: PlaybackEvent) {
        guard let next = PlaybackMachine.next(state, event) else {
            FileHandle.standardError.write(Data("flick: bug: player \(id) got \(event) while \(state)\n".utf8))
            return
        }
        state = next
    }

    func emit(_ event: PlayerEvent) {
        onEvent?(event, generation)
    }

    /// The mailbox's hop: hands the newest frame over if it is still current.
    func deliverPendingFrame() {
        guard let frame = mailbox.take(), frame.generation == generation, playbin != nil, uri != nil else { return }
        onFrame?(frame)
    }

    func prerollDone() {
        binding.prerolled()
    }

    func restartFromBeginning() {
        send(SeekQueue.Seek(seconds: 0, accurate: false))
    }
}

/// The bus watch: GTK thread, messages of the player's playbin.
private let busCallback: GstBusFunc = { _, message, data in
    guard let message, let data else { return 1 }
    let owner = Unmanaged<WeakPlayer>.fromOpaque(data).takeUnretainedValue()
    // Borrowed for the length of this call, on the thread that runs it.
    BorrowedOnMain.run(message) { owner.player?.handle($0) }
    return 1 // keep watching
}
