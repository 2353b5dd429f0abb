import CFlickGLibShim
import CGLib
internal import CGStreamer
import FeedCore
import FeedGObject
import Foundation

/// The GStreamer objects behind one ``VideoPlayer``: one playbin whose video
/// sink is `videoscale ! videoconvert ! capsfilter ! videoflip ! appsink`,
/// and its bus watch. The flip is in passthrough unless the stream is tagged
/// as turned (see ``StreamOrientation``). Holds a reference to each object it reaches and tears everything
/// down (NULL, watch removed, callbacks dropped, references released) in
/// `deinit`.
///
/// Made and used on the GTK thread; `deinit` is safe on any thread, since
/// state changes to NULL and source removal are thread-safe in GStreamer and GLib.
/// The state changes that open or close sources (PAUSED from READY, READY,
/// NULL) run on a thread of the playbin's own, never on the GTK thread.
/// `@unchecked Sendable`: used on the GTK thread; only `deinit` and the state-change jobs (a reference of their own) run elsewhere.
final class Playbin: @unchecked Sendable {
    /// playbin `flags`: video 0x1 | audio 0x2 | text 0x4 (captions, to our
    /// own text sink: GStreamer never draws them into the picture) |
    /// soft-volume 0x10 (no visualisation).
    static let flags: UInt32 = 0x17
    /// The same with vis 0x8: playbin draws a visualisation of a stream with
    /// no video (an M4A, an MP3) through the same sink as video frames. Set
    /// only for such streams: with it on, playsink 1.22 now and then never
    /// prerolls an audio-and-video stream.
    static let visualisingFlags: UInt32 = flags | 0x8
    /// Draws a sound's waveform (gst-plugins-bad's audiovisualizers).
    static let visualizer = "wavescope"
    /// Frames queued in the appsink before older ones are dropped.
    static let maxBuffers: UInt32 = 2

    /// Playbins made and not yet finalized, process-wide (any thread).
    static let alive = AtomicCounter()

    /// The playbin (one strong reference).
    let element: UnsafeMutablePointer<GstElement>
    /// The sink bin's appsink (one strong reference).
    private let appsink: UnsafeMutablePointer<GstElement>
    /// The sink bin's capsfilter (one strong reference).
    private let capsfilter: UnsafeMutablePointer<GstElement>
    /// Sizes and crops frames for the current binding.
    let scale: ScaleRequest
    /// The format of the captions each opening plays beside its media.
    let captions = CaptionFormatHint()
    /// Which HLS rendition each opening plays (Flick's choice, see ``RenditionPin``).
    let rendition: RenditionPin
    /// How far ahead of the playhead HLS segments come (see ``SegmentQueue``).
    let segments: SegmentQueue
    /// The bus watch's source on the GTK thread's main context; 0 when none.
    private var busWatch: guint = 0

    init(name: String, mailbox: FrameMailbox, owner: WeakPlayer, network: NetworkActivity,
         decoder: DecoderWatch, throughput: ThroughputBook) throws(VideoPlayerError) {
        do { try MediaRuntime.initialize() } catch { throw .cannotCreate("\(error)") }
        let segments = SegmentQueue()
        self.segments = segments
        rendition = RenditionPin(segments: segments, throughput: throughput)
        guard let playbin = gst_element_factory_make(Self.factories[0], name) else {
            throw .cannotCreate("GStreamer could not make a playbin")
        }
        gst_object_ref_sink(UnsafeMutableRawPointer(playbin))
        var error: UnsafeMutablePointer<GError>?
        // No dithering: both ends are 8 bits a channel, and without it
        // videoconvert takes its direct I420-to-BGRA path (a quarter less
        // CPU per frame: BENCHMARKS.md, "Steady playback").
        let description = """
            videoscale name=scale ! videoconvert dither=none ! capsfilter name=size caps=\(ScaleRequest.anySize) \
            ! videoflip name=flip ! appsink name=sink caps=video/x-raw,format=BGRA max-buffers=\(Self.maxBuffers) drop=true \
            enable-last-sample=false
            """
        let made = gst_parse_bin_from_description(description, 1, &error)
        if let failure = error {
            let message = String(cString: failure.pointee.message)
            g_error_free(failure)
            if let made { gst_object_unref(UnsafeMutableRawPointer(made)) }
            gst_object_unref(UnsafeMutableRawPointer(playbin))
            throw .cannotCreate("GStreamer could not make the video sink: \(message)")
        }
        let bin = UnsafeMutableRawPointer(made).map { $0.assumingMemoryBound(to: GstBin.self) }
        guard let bin, let scaler = gst_bin_get_by_name(bin, "scale"),
              let capsfilter = gst_bin_get_by_name(bin, "size"), let flip = gst_bin_get_by_name(bin, "flip"),
              let appsink = gst_bin_get_by_name(bin, "sink") else {
            if let made { gst_object_unref(UnsafeMutableRawPointer(made)) }
            gst_object_unref(UnsafeMutableRawPointer(playbin))
            throw .cannotCreate("GStreamer could not make the video sink")
        }
        // The bin holds both for as long as the playbin lives.
        defer {
            gst_object_unref(UnsafeMutableRawPointer(scaler))
            gst_object_unref(UnsafeMutableRawPointer(flip))
        }
        element = playbin
        stateChanges = WorkerThreads(name: name.replacingOccurrences(of: "flick-player-", with: "player-state-"))
        self.appsink = appsink
        self.capsfilter = capsfilter
        scale = ScaleRequest.install(on: scaler, capsfilter: capsfilter, flip: flip)
        mailbox.attach(to: UnsafeMutableRawPointer(appsink).assumingMemoryBound(to: GstAppSink.self), scale: scale)

        let object = UnsafeMutableRawPointer(playbin)
        flick_object_set_flags(object, "flags", Self.flags)
        // Without wavescope, playbin picks whatever visualisation is installed.
        if let scope = gst_element_factory_make(Self.visualizer, nil) {
            flick_object_set_enum(UnsafeMutableRawPointer(scope), "style", 3) // colour lines
            flick_object_set_object(object, "vis-plugin", UnsafeMutableRawPointer(scope))
        }
        flick_object_set_boolean(object, "mute", 1)
        // Captions come to the app as text, drawn by GTK over the video.
        if let cues = CueSink.make(mailbox: mailbox, owner: owner) {
            flick_object_set_object(object, "text-sink", UnsafeMutableRawPointer(cues))
        }
        // Faster or slower speech keeps its pitch (gst-plugins-good's audiofx).
        if let tempo = gst_element_factory_make("scaletempo", nil) {
            flick_object_set_object(object, "audio-filter", UnsafeMutableRawPointer(tempo))
        }
        network.watch(playbin)
        rendition.watch(playbin)
        segments.watch(playbin)
        decoder.watch(playbin)
        captions.watch(playbin)
        // playbin takes the bin's floating reference.
        flick_object_set_object(object, "video-sink", UnsafeMutableRawPointer(bin))
        Self.alive.add(1)
        g_object_weak_ref(object.assumingMemoryBound(to: GObject.self), { _, _ in Playbin.alive.add(-1) }, nil)
    }

    deinit {
        if busWatch != 0 { g_source_remove(busWatch) }
        // Replacing the callbacks releases the mailbox and scale request now.
        var none = GstAppSinkCallbacks()
        gst_app_sink_set_callbacks(UnsafeMutableRawPointer(appsink).assumingMemoryBound(to: GstAppSink.self),
                                   &none, nil, nil)
        gst_object_unref(UnsafeMutableRawPointer(appsink))
        gst_object_unref(UnsafeMutableRawPointer(capsfilter))
        // To NULL on the state thread, after any change still queued, so the
        // GTK thread does not wait for the streaming threads to stop; the
        // last reference goes there too (see `VideoPlayer.waitForTeardowns`).
        let pipeline = PipelineReference(adopting: element)
        stateChanges.async { _ = gst_element_set_state(pipeline.pointer, GST_STATE_NULL) }
        stateChanges.finish()
    }

    /// Watches the bus on the calling thread's main context (the GTK thread);
    /// messages go to `owner`'s player there.
    func watchBus(_ owner: WeakPlayer, _ callback: @escaping GstBusFunc) {
        guard busWatch == 0, let bus = gst_element_get_bus(element) else { return }
        defer { gst_object_unref(UnsafeMutableRawPointer(bus)) }
        busWatch = gst_bus_add_watch_full(bus, G_PRIORITY_DEFAULT, callback,
                                          Unmanaged.passRetained(owner).toOpaque(), releaseBoxDestroyNotify)
    }

    /// Takes the ERROR messages already queued on the bus (at most 16),
    /// oldest first, each read by `read` and released. GTK thread, inside
    /// the bus watch.
    func pendingErrors<T>(_ read: (UnsafeMutablePointer<GstMessage>) -> T) -> [T] {
        guard let bus = gst_element_get_bus(element) else { return [] }
        defer { gst_object_unref(UnsafeMutableRawPointer(bus)) }
        var results: [T] = []
        while results.count < 16, let message = gst_bus_pop_filtered(bus, GST_MESSAGE_ERROR) {
            results.append(read(message))
            gst_message_unref(message)
        }
        return results
    }

    /// Resets asked and not yet finished. GTK thread.
    private(set) var resetsInFlight = 0
    /// Whether a reset is under way: until it finishes, nothing of the next
    /// binding may touch the pipeline (its URI, flags, sizes, PAUSED).
    var isResetting: Bool { resetsInFlight > 0 }
    /// Runs this playbin's resets and prerolls, in order, so the GTK thread
    /// never waits for streaming threads to stop (a reset takes up to
    /// ~10 ms) nor for a source to open (`open()` of a local file, which
    /// may block: a file swapped for a pipe after ``LocalFileGate`` looked).
    /// Not `gst_element_call_async`: with it, reset jobs were seen to run
    /// ~20 s late in the player tests (the cause was not traced).
    /// One thread of its own (``WorkerThreads``): a change that hangs (an
    /// open that never returns) holds up no other player.
    private let stateChanges: WorkerThreads

    /// Goes to READY off the GTK thread. The bus is flushing from now until
    /// the last reset in flight has finished, so nothing of the binding
    /// being left reaches the watch; `done` then runs on the GTK thread,
    /// when no streaming thread of that binding runs. `state` NULL instead
    /// tears the source and decoders down too (after a failure: the next
    /// binding starts from fresh elements). GTK thread.
    func reset(to state: GstState = GST_STATE_READY, done: @escaping @MainActor @Sendable () -> Void) {
        setBusFlushing(true)
        resetsInFlight += 1
        // The job holds the element, not this object: a Playbin is only
        // ever released on the GTK thread.
        let element = PipelineReference(self.element)
        stateChanges.async { [weak self] in
            _ = gst_element_set_state(element.pointer, state)
            // The answer to the reset this playbin asked for (a GTK-thread
            // class it is not, so it takes the answer rather than a message).
            MainThreadHop.reply(state.rawValue, to: { [weak self] _ in
                // Destroyed meanwhile: its NULL is queued after this reset.
                guard let self else { return }
                resetsInFlight -= 1
                if resetsInFlight == 0 { setBusFlushing(false) }
                done()
            })
        }
    }

    private func setBusFlushing(_ flushing: Bool) {
        guard let bus = gst_element_get_bus(element) else { return }
        gst_bus_set_flushing(bus, flushing ? 1 : 0)
        gst_object_unref(UnsafeMutableRawPointer(bus))
    }

    /// The element factories a player is built from (its sink bin's, the
    /// playbin, the visualisation).
    static let factories = ["playbin", "videoscale", "videoconvert", "capsfilter", "videoflip", "appsink", "scaletempo", visualizer]

    /// Makes one element of each of `factories` and drops it, so their
    /// plugins are loaded: the first player made after this takes ~3 ms
    /// on the GTK thread instead of ~100 ms. Any thread; blocks while it
    /// loads (call it off the GTK thread).
    static func loadPlugins() {
        for name in factories {
            guard let element = gst_element_factory_make(name, nil) else { continue }
            gst_object_unref(UnsafeMutableRawPointer(element))
        }
        // What the first post's pipeline loads on its streaming threads, in
        // its way to a frame: type finding, the MP4 demuxer, the H.264
        // parser and decoder. Loaded here, beside the window being built.
        for plugin in firstPostPlugins {
            guard let loaded = gst_plugin_load_by_name(plugin) else { continue }
            gst_object_unref(UnsafeMutableRawPointer(loaded))
        }
    }

    /// The plugins of a typical first post (MP4, H.264, AAC) that
    /// ``factories`` does not load.
    static let firstPostPlugins = ["typefindfunctions", "isomp4", "videoparsersbad", "libav", "audioparsers"]

    /// Runs `job` on the state thread, after the changes asked before it
    /// (a check that must come before the open). GTK thread.
    func offThread(_ job: @escaping @Sendable () -> Void) {
        stateChanges.async(job)
    }

    /// Goes to PAUSED off the GTK thread, after any reset queued before:
    /// the source opens and the first frame prerolls. The answer comes on
    /// the bus (ASYNC_DONE, or an ERROR when GStreamer refuses). GTK thread.
    func preroll() {
        let element = PipelineReference(self.element)
        stateChanges.async { _ = gst_element_set_state(element.pointer, GST_STATE_PAUSED) }
    }

    /// Asks for `state` on the calling thread; false when GStreamer refused
    /// at once. For changes between PAUSED and PLAYING only, which open
    /// nothing.
    @discardableResult
    func set(_ state: GstState) -> Bool {
        gst_element_set_state(element, state) != GST_STATE_CHANGE_FAILURE
    }

    /// Where the pipeline is heading (or is, when nothing is pending).
    var targetState: GstState {
        element.pointee.target_state
    }

    /// The pipeline's settled state.
    var currentState: GstState {
        element.pointee.current_state
    }

    var object: UnsafeMutableRawPointer { UnsafeMutableRawPointer(element) }

    /// Seconds per frame of the video reaching the appsink, from its
    /// negotiated caps; nil before negotiation or for a variable rate (0/1).
    var frameDuration: Double? {
        guard let pad = gst_element_get_static_pad(appsink, "sink") else { return nil }
        defer { gst_object_unref(UnsafeMutableRawPointer(pad)) }
        guard let caps = gst_pad_get_current_caps(pad) else { return nil }
        defer { gst_mini_object_unref(UnsafeMutableRawPointer(caps).assumingMemoryBound(to: GstMiniObject.self)) }
        var numerator: gint = 0
        var denominator: gint = 0
        guard let structure = gst_caps_get_structure(caps, 0),
              gst_structure_get_fraction(structure, "framerate", &numerator, &denominator) != 0,
              numerator > 0, denominator > 0 else { return nil }
        return Double(denominator) / Double(numerator)
    }

    /// Whether the prerolled stream has sound and no picture (playbin's
    /// stream counts, known once prerolled).
    var isSoundOnly: Bool {
        flick_object_get_int(object, "n-video") == 0 && flick_object_get_int(object, "n-audio") > 0
    }

    /// Turns the visualisation of sound-only streams on or off; takes
    /// effect at the next preroll (READY or NULL only).
    func setVisualising(_ on: Bool) {
        flick_object_set_flags(object, "flags", on ? Self.visualisingFlags : Self.flags)
    }

    /// Whether `message` was posted by the playbin itself (not a child).
    func isOwnMessage(_ message: UnsafeMutablePointer<GstMessage>) -> Bool {
        UnsafeMutableRawPointer(message.pointee.src) == object
    }
}

/// A reference of its own to a pipeline, for a job on another thread;
/// released when the last holder lets go.
/// Jobs make only GStreamer's thread-safe state changes through it.
private final class PipelineReference: Sendable {
    private let handle: SharedHandle
    var pointer: UnsafeMutablePointer<GstElement> { handle.pointer() }

    init(_ pointer: UnsafeMutablePointer<GstElement>) {
        gst_object_ref(UnsafeMutableRawPointer(pointer))
        handle = SharedHandle(pointer)
    }

    /// Takes over a reference the caller holds.
    init(adopting pointer: UnsafeMutablePointer<GstElement>) {
        handle = SharedHandle(pointer)
    }

    deinit {
        gst_object_unref(UnsafeMutableRawPointer(pointer))
    }
}

/// Why a player could not be made.
public enum VideoPlayerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// GStreamer or one of its elements is missing or would not start.
    case cannotCreate(String)

    public var description: String {
        switch self {
        case .cannotCreate(let reason): return reason
        }
    }
}
