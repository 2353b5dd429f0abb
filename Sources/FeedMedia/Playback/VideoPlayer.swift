import CFlickShim
import CGLib
import CGStreamer
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
    /// The current binding's generation (from a GenerationGuard); every
    /// `load`, `unload` and `destroy` takes a new one.
    public private(set) var generation: UInt64 = 0
    /// The bound item's URI; nil when unbound.
    public private(set) var uri: String?
    /// The box frames are sized for, in pixels, and how they fit it.
    public private(set) var box = PixelSize(width: 0, height: 0)
    public private(set) var fit = ContentFit.cover
    /// Whether reaching the end restarts from the beginning (default on).
    public var loops = true
    /// Where the player is in FeedCore's playback state machine; only
    /// `PlaybackMachine.next` moves it.
    public private(set) var state: PlaybackState = .idle

    /// How long preparing may take before the binding fails with TIMEOUT, in milliseconds.
    static let prerollTimeoutMilliseconds: UInt32 = 20_000

    /// The GStreamer side; nil once destroyed. GTK thread.
    private(set) var playbin: Playbin?
    private var generations = GenerationGuard()
    private let owner = WeakPlayer()
    private let mailbox: FrameMailbox
    private var prerollTimer: MainLoopSource?
    /// Waiting for the cache to know the file's length before opening it.
    private var openGate: CacheOpenGate?
    /// Checks a local file is one before playbin opens it (LocalFileGate).
    private var fileGate: LocalFileGate?
    /// Asking the server why a direct stream failed (see ``TransportProbe``).
    private var probe: TransportProbe?
    /// Whether this binding prerolls with playbin's visualisation (a sound).
    var visualising = false
    /// Asks why a local file has not prerolled, while it does; and when to.
    private var stallProbe: LocalStallProbe?
    private var stallTimer: MainLoopSource?
    /// The bound URI until the pipeline opens it: that waits for the last
    /// binding's reset (off the GTK thread) and the cache's open gate.
    private var pendingOpen: String?

    // The current binding, GTK thread only (also read by VideoPlayer+Bus.swift);
    // reset by every (re)binding. Whether it has its first frame, wants to
    // play or has failed is `state`, the machine's; these are what the
    // machine does not hold.
    /// The network source's last BUFFERING message was under 100%: what
    /// it reads, not where the player is (that is `buffering` once it wants to play).
    var sourceStarved = false
    /// The seek in flight and the one waiting.
    var seeks = SeekQueue.idle

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

    /// Builds one playbin (flags video|audio|soft-volume) whose video sink
    /// scales to the requested box and ends in a BGRA appsink; muted.
    /// Network sources give up after `networkTimeoutSeconds` without bytes.
    public init(id: Int, networkTimeoutSeconds: UInt32 = VideoPlayer.networkTimeoutSeconds) throws {
        self.id = id
        mailbox = FrameMailbox(owner: owner)
        network = NetworkActivity(timeoutSeconds: networkTimeoutSeconds)
        let playbin = try Playbin(name: "flick-player-\(id)", mailbox: mailbox, network: network, decoder: decoderWatch)
        self.playbin = playbin
        owner.player = self
        playbin.watchBus(owner, busCallback)
    }

    /// Loads the plugins players are built from on a queue of its own, so
    /// the first player the GTK thread makes does not wait for them (they
    /// cost ~100 ms). For launch, once the media runtime is initialized;
    /// a player made meanwhile waits only for what is still loading.
    public nonisolated static func loadPluginsInBackground() {
        DispatchQueue.global(qos: .userInitiated).async { Playbin.loadPlugins() }
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

    /// Binds the player to a new item: READY (off the GTK thread, see
    /// `Playbin.reset`), set the URI, size frames for `box` with `fit`, then
    /// PAUSED to preroll the first frame. Frames are
    /// scaled to `fit.decodeSize(stream, box)` in the pipeline and cover
    /// frames are handed over cropped to the box, so no frame is larger
    /// than `box`. Returns the new generation.
    @discardableResult
    public func load(uri: String, box: PixelSize, fit: ContentFit) -> UInt64 {
        StallWatch.running("player load") { bind(uri: uri, box: box, fit: fit) }
    }

    private func bind(uri: String, box: PixelSize, fit: ContentFit) -> UInt64 {
        let generation = rebind()
        guard let playbin else { return generation }
        decoderWatch.restart()
        self.uri = uri
        self.box = box
        self.fit = fit
        move(.bind)
        move(.prepare)
        pendingOpen = uri
        openGate = CacheOpenGate.wait(for: uri) { [weak self] failure in
            guard let self, self.generation == generation else { return }
            self.openGate = nil
            if let failure {
                self.fail(PlayerFailure(code: failure.code, message: failure.message, httpStatus: failure.httpStatus))
            } else {
                self.openIfAllowed()
            }
        }
        fileGate = LocalFileGate.wait(for: uri) { [weak self] failure in
            guard let self, self.generation == generation else { return }
            self.fileGate = nil
            if let failure { self.fail(failure) } else { self.openIfAllowed() }
        }
        openIfAllowed()
        prerollTimer = MainLoopSource.after(milliseconds: Self.prerollTimeoutMilliseconds) { [weak self] in
            guard let self, self.generation == generation, !self.prerolled, !self.failed else { return }
            self.fail(PlayerFailure(code: .timeout, message: "The video did not start in time", httpStatus: nil))
        }
        if LocalStallProbe.applies(to: uri) {
            // A local file that has not prerolled by now may have lost its
            // error (see LocalStallProbe): ask. Nothing wrong found: a busy
            // machine; the preroll timeout above still stands.
            stallTimer = MainLoopSource.after(milliseconds: LocalStallProbe.deadlineMilliseconds) { [weak self] in
                guard let self, self.generation == generation, !self.prerolled, !self.failed else { return }
                self.stallProbe = LocalStallProbe(uri: uri) { [weak self] found in
                    guard let self, self.generation == generation, !self.prerolled, !self.failed else { return }
                    self.stallProbe = nil
                    if let found { self.fail(found) }
                }
            }
        }
        return generation
    }

    /// The same binding opens once more (the software fallback): from NULL,
    /// as after any failure, so that no element of the failed chain stays.
    func openAgain() {
        guard let playbin, let uri else { return }
        pendingOpen = uri
        playbin.reset(to: GST_STATE_NULL) { [weak self] in self?.openIfAllowed() }
    }

    /// Opens the bound URI once the last binding's reset is done and the
    /// cache's gate is open: flags and frame size of this binding, its
    /// frames accepted, then PAUSED (off the GTK thread) to preroll the
    /// first frame.
    private func openIfAllowed() {
        guard let playbin, let uri = pendingOpen, openGate == nil, fileGate == nil, !playbin.isResetting else { return }
        pendingOpen = nil
        playbin.setVisualising(false)
        playbin.scale.set(box: box, fit: fit)
        mailbox.accept(generation)
        network.restart()
        decoderWatch.forgetDecoder()
        flick_object_set_string(playbin.object, "uri", uri)
        playbin.preroll() // off the GTK thread; a refusal posts an ERROR, handled by the bus watch
    }

    /// Whether the pipeline holds the bound item: opened, no reset under way.
    var isOpen: Bool {
        guard let playbin, uri != nil else { return false }
        return pendingOpen == nil && !playbin.isResetting
    }

    /// Sizes the bound item's frames for a new box without reloading it
    /// (the page was resized); the next frames come at the new size.
    public func resize(box: PixelSize, fit: ContentFit) {
        guard let playbin, uri != nil, box != self.box || fit != self.fit else { return }
        self.box = box
        self.fit = fit
        // Not opened yet: the open sizes frames for the box as it is then.
        if pendingOpen == nil { playbin.scale.resize(box: box, fit: fit) }
    }

    /// Plays now, or once prerolled when still preparing (or once data
    /// arrives, when the network source is starved).
    public func play() {
        guard uri != nil, !failed else { return }
        switch state {
        case .preparing:
            move(.play) // starting: plays on its first frame
        case .ready, .paused:
            startPlaying()
        case .ended:
            send(SeekQueue.Seek(seconds: 0, accurate: false))
            startPlaying()
        default:
            break // starting, playing, buffering: already
        }
    }

    /// Pauses (a prerolled player that never played stays `ready`).
    public func pause() {
        guard let playbin, uri != nil else { return }
        switch state {
        case .playing, .buffering:
            playbin.set(GST_STATE_PAUSED)
            move(.pause)
        case .starting:
            move(.pause) // back to preparing: no longer plays on its first frame
        default:
            break
        }
    }

    /// playbin's `mute`, read from and written to the element, so a late
    /// play() on a muted player can never make a sound.
    public var isMuted: Bool {
        get { playbin.map { flick_object_get_boolean($0.object, "mute") != 0 } ?? true }
        set { playbin.map { flick_object_set_boolean($0.object, "mute", newValue ? 1 : 0) } }
    }

    /// Seeks while prerolled (paused or playing); before preroll the seek is
    /// kept for then. One seek is in flight at a time; a newer one replaces
    /// the one waiting. `accurate` decodes up to the exact time, else the
    /// nearest earlier key frame is shown.
    public func seek(to seconds: Double, accurate: Bool) {
        guard uri != nil, !failed, seconds.isFinite else { return }
        let seek = SeekQueue.Seek(seconds: max(0, seconds), accurate: accurate)
        switch seeks {
        case .inFlight:
            seeks = .inFlight(next: seek)
        case .idle, .waiting:
            if prerolled { send(seek) } else { seeks = .waiting(seek) }
        }
    }

    /// The playback position in seconds, when GStreamer knows it.
    public var position: Double? {
        guard let playbin, isOpen else { return nil }
        var value: gint64 = -1
        guard gst_element_query_position(playbin.element, GST_FORMAT_TIME, &value) != 0, value >= 0 else { return nil }
        return Double(value) / 1e9
    }

    /// The item's duration in seconds, when known.
    public var duration: Double? {
        guard let playbin, isOpen else { return nil }
        var value: gint64 = -1
        guard gst_element_query_duration(playbin.element, GST_FORMAT_TIME, &value) != 0, value > 0 else { return nil }
        return Double(value) / 1e9
    }

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

    /// Tears the pipeline down to NULL (on its state queue) and releases it
    /// for good (pool shrink, feed closed). Later calls do nothing.
    public func destroy() {
        rebind(resetting: false)
        playbin = nil // Playbin.deinit: watch removed, NULL on its state queue, references released
        owner.player = nil
    }

    // MARK: Internals, GTK thread

    /// Leaves the current binding, if any: READY with the bus flushed (off
    /// the GTK thread; the next binding opens once it is done), a new
    /// generation, per-binding state reset, the machine back to idle.
    /// `resetting` false leaves the pipeline as it is (it is about to go to NULL).
    @discardableResult
    private func rebind(resetting: Bool = true) -> UInt64 {
        if resetting { playbin?.reset { [weak self] in self?.openIfAllowed() } }
        mailbox.accept(0)
        pendingOpen = nil
        prerollTimer?.cancel()
        prerollTimer = nil
        stallTimer?.cancel()
        stallTimer = nil
        openGate?.cancel()
        openGate = nil
        fileGate?.cancel()
        fileGate = nil
        probe?.cancel()
        probe = nil
        stallProbe?.cancel()
        stallProbe = nil
        generation = generations.bind()
        uri = nil
        sourceStarved = false
        seeks = .idle
        visualising = false
        if state != .idle {
            move(.release)
            move(.released)
        }
        return generation
    }

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

    /// From ready, paused or ended: to playing.
    func startPlaying() {
        move(.play)
        beginPlaying()
    }

    /// The machine has just entered `playing`: the pipeline to PLAYING, or,
    /// while the network source is starved, waiting for data (`buffering`).
    func beginPlaying() {
        guard let playbin, state == .playing else { return }
        if sourceStarved {
            move(.bufferStart)
        } else {
            playbin.set(GST_STATE_PLAYING)
        }
    }

    /// Sends a flushing seek now, whatever was waiting.
    func send(_ seek: SeekQueue.Seek) {
        guard let playbin else { return }
        var flags = GST_SEEK_FLAG_FLUSH.rawValue
        flags |= seek.accurate ? GST_SEEK_FLAG_ACCURATE.rawValue
                               : GST_SEEK_FLAG_KEY_UNIT.rawValue | GST_SEEK_FLAG_SNAP_BEFORE.rawValue
        let sent = gst_element_seek_simple(playbin.element, GST_FORMAT_TIME, GstSeekFlags(rawValue: flags),
                                           gint64(saturatingRounded: seek.seconds * 1e9)) != 0
        seeks = sent ? .inFlight(next: nil) : .idle
    }

    /// Reports a failure once per binding and stops streaming (NULL, off the GTK thread).
    func fail(_ failure: PlayerFailure) {
        guard !failed else { return }
        openGate?.cancel()
        openGate = nil
        fileGate?.cancel()
        fileGate = nil
        prerollTimer?.cancel()
        let wasPrerolled = prerolled
        pendingOpen = nil
        move(.fail)
        // To NULL, not READY: an element that failed (a source whose reads
        // failed, a demuxer that gave up) is not reused by the next binding.
        playbin?.reset(to: GST_STATE_NULL) {}
        let generation = self.generation
        if let url = TransportProbe.worthProbing(uri, failure, prerolled: wasPrerolled) {
            probe = TransportProbe(url: url) { [weak self] found in
                guard let self, self.generation == generation else { return }
                self.probe = nil
                self.emit(found.map { PlayerFailure(code: $0.code, message: $0.message, httpStatus: $0.httpStatus) }?.event
                          ?? failure.event)
            }
            if probe != nil { return }
        }
        emit(failure.event)
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
        prerollTimer?.cancel()
        prerollTimer = nil
        stallTimer?.cancel()
        stallTimer = nil
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
    nonisolated(unsafe) let borrowed = message
    MainActor.assumeIsolated { owner.player?.handle(borrowed) }
    return 1 // keep watching
}
