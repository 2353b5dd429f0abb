import CFlickGLibShim
import CGLib
internal import CGStreamer
import FeedCore
import FeedGObject
import Foundation
import Synchronization

/// Makes a player's HLS demuxer play the rendition Flick chooses
/// (FeedCore's ``RenditionPlan``), not the one its own measure picks.
///
/// `hlsdemux` (1.22) takes no ceiling of its own: it plays the highest
/// rendition whose bandwidth fits its `connection-speed` times its
/// `bitrate-limit`, or its own measured speed when the speed is 0. So the
/// pin sets the limit to 1 and the speed to the chosen rendition's
/// bandwidth: before the demuxer reads the master (a probe on its sink
/// sees the master's bytes go by, so even the first segment is of the
/// chosen rendition), and again whenever the choice changes — the page's
/// size, the quality setting, the network's price, or the link's measure
/// (each segment's download, from the demuxer's statistics, kept per
/// origin in ``ThroughputBook``). The demuxer switches at its next segment.
/// (GStreamer 1.22's `hlsdemux2` plugs only under playbin3, and downloads
/// its segments itself: Flick's playbin always plugs `hlsdemux`.)
///
/// Streaming threads read the master; the GTK thread sets the rules and
/// hands in measures. The state is behind one mutex.
final class RenditionPin: Sendable {
    /// What the user and the system ask of every player (the pool's).
    struct Rules: Sendable, Equatable {
        var network: NetworkCondition = .unmetered
        var quality: VideoQuality = .automatic
    }

    private struct State: Sendable {
        var rules = Rules()
        /// The bound media's address: a binding of the same one again (a
        /// retry) keeps what failed.
        var uri: String?
        var page = PixelSize(width: 0, height: 0)
        var fit = ContentFit.contain
        /// The origin of the bound media, for its link's measure.
        var origin: String?
        /// The demuxer of this binding, once plugged: weakly (the pin is
        /// held by the demuxer's own pad probe until the master is read).
        var demuxer: WeakObjectRef?
        /// The master's bytes as they went by, until its end.
        var master = Data()
        var masterRead = false
        var variants: [HLSVariant] = []
        var chosen: Int?
        /// Monotonic µs of the last switch.
        var switchedAt = 0
        /// Renditions pinned while this binding played.
        var pinned = Set<Int>()
        /// Renditions that failed to load for this binding: never pinned again.
        var failed = Set<Int>()
        /// The rendition the user picked for this post; nil: automatic.
        var forced: Int?
    }

    private let state = Mutex(State())
    /// The queues after the demuxer, sized for the rendition pinned.
    private let segments: SegmentQueue
    /// What the links carry, the engine's.
    private let throughput: ThroughputBook

    init(segments: SegmentQueue, throughput: ThroughputBook) {
        self.segments = segments
        self.throughput = throughput
    }

    /// Watches `playbin` for the demuxers it plugs, for its life.
    func watch(_ playbin: UnsafeMutablePointer<GstElement>) {
        StreamingSignal.connect(playbin, "deep-element-added", unsafeBitCast(demuxerAdded, to: GCallback.self), holding: self)
    }

    /// A new binding (GTK thread): its page and fit; what the last one learnt goes.
    func restart(uri: String, page: PixelSize, fit: ContentFit) {
        let origin = CacheURI.parse(uri).flatMap { CacheKey.origin(of: $0.url.absoluteString) } ?? CacheKey.origin(of: uri)
        state.withLock { state in
            // A fresh state: only the rules outlive a binding, and what failed outlives a retry of it.
            let failed = state.uri == uri ? state.failed : []
            state = State(rules: state.rules, uri: uri, page: page, fit: fit, origin: origin)
            state.failed = failed
        }
    }

    /// The user picks `index` of the master's renditions for this post, or
    /// nil for automatic (GTK thread): pinned at once.
    func force(_ index: Int?) {
        apply { $0.forced = index }
    }

    /// The master's renditions (empty until it is read, or for media of one),
    /// and the user's pick among them.
    var offered: (variants: [HLSVariant], forced: Int?) {
        state.withLock { ($0.variants, $0.forced) }
    }

    /// The binding failed while pinned to a rendition (its playlist or a
    /// segment would not load): that rendition is passed over from now on.
    /// True when another is left to open with (GTK thread; the caller opens
    /// the binding again, and the new demuxer is pinned afresh).
    func dropFailedRendition() -> Bool {
        state.withLock { state in
            guard Self.passOver(&state) else { return false }
            state.chosen = nil
            state.demuxer = nil
            return true
        }
    }

    /// The binding failed while playing a rendition (after its first
    /// frame: a segment that would not load): that rendition is passed
    /// over when the post is opened again. True when another is left to
    /// play, so a retry can succeed (GTK thread).
    func noteFailure() -> Bool {
        state.withLock { Self.passOver(&$0) }
    }

    /// Marks the rendition pinned as failed; true when another is left.
    private static func passOver(_ state: inout State) -> Bool {
        guard let chosen = state.chosen, state.variants.count > 1 else { return false }
        state.failed.insert(chosen)
        return state.failed.count < state.variants.count
    }

    /// The page changed size (GTK thread).
    func resize(page: PixelSize, fit: ContentFit) {
        apply { $0.page = page; $0.fit = fit }
    }

    /// The user's quality or the network's price changed (GTK thread).
    func set(_ rules: Rules) {
        apply { $0.rules = rules }
    }

    /// The rules in force.
    var rules: Rules { state.withLock { $0.rules } }

    /// The demuxer's statistics of one segment's download (GTK thread, from the bus).
    func measured(bytes: Int, seconds: Double) {
        guard let origin = state.withLock({ $0.origin }) else { return }
        throughput.add(origin: origin, bytes: bytes, seconds: seconds)
        apply { _ in }
    }

    /// The rendition played now, `WxH@BANDWIDTH`; empty when the media has one.
    var currentLabel: String {
        state.withLock { state in state.chosen.map { state.variants[$0].label } ?? "" }
    }

    /// Distinct renditions this binding was pinned to.
    var renditionsPinned: Int { state.withLock { $0.pinned.count } }

    /// Changes what the plan weighs, then pins again if the choice moved
    /// (any thread: the GTK thread's changes, the master's end on a streaming thread).
    private func apply(_ change: (inout State) -> Void) {
        let throughput = state.withLock { $0.origin }.flatMap { self.throughput.estimate(origin: $0) }
        let pin: Pin? = state.withLock { state in
            change(&state)
            return Self.replan(&state, throughput: throughput)
        }
        guard let pin, let demuxer = pin.demuxer.strong() else { return }
        flick_object_set_uint(UnsafeMutableRawPointer(demuxer.object), "connection-speed", pin.kbps)
        segments.size(bandwidth: pin.bandwidth)
    }

    /// A new choice: the demuxer, the speed that makes it play the
    /// rendition, and the rendition's bandwidth (bits per second, if given).
    private typealias Pin = (demuxer: WeakObjectRef, kbps: UInt32, bandwidth: Int?)

    /// The plan's choice for `state`, when it moved.
    private static func replan(_ state: inout State, throughput: Int?) -> Pin? {
        guard !state.variants.isEmpty, let demuxer = state.demuxer else { return nil }
        let now = g_get_monotonic_time()
        let inputs = RenditionPlan.Inputs(
            variants: state.variants, page: state.page, fit: state.fit, throughput: throughput,
            network: state.rules.network, quality: state.rules.quality, previous: state.chosen,
            secondsSinceSwitch: state.chosen == nil ? nil : Double(now - state.switchedAt) / 1e6, failed: state.failed,
            forced: state.forced)
        guard let chosen = RenditionPlan.choose(inputs), chosen != state.chosen else { return nil }
        state.chosen = chosen
        state.switchedAt = now
        state.pinned.insert(chosen)
        return (demuxer, RenditionPlan.connectionSpeedKbps(for: chosen, in: state.variants), state.variants[chosen].bandwidth)
    }

    /// A demuxer was plugged (a streaming thread): pinned from the master on.
    fileprivate func added(_ element: UnsafeMutablePointer<GstElement>) {
        guard let factory = ElementFactory.of(element), ElementFactory.name(factory) == "hlsdemux" else { return }
        let demuxer = WeakObjectRef(UnsafeMutableRawPointer(element))
        flick_object_set_double(UnsafeMutableRawPointer(element), "bitrate-limit", 1.0)
        state.withLock { state in
            state.demuxer = demuxer
            state.master = Data()
            state.masterRead = false
            state.chosen = nil
        }
        guard let pad = gst_element_get_static_pad(element, "sink") else { return }
        defer { gst_object_unref(UnsafeMutableRawPointer(pad)) }
        let types = GST_PAD_PROBE_TYPE_BUFFER.rawValue | GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM.rawValue
        gst_pad_add_probe(pad, GstPadProbeType(rawValue: types), { _, info, data in
            guard let info, let data else { return GST_PAD_PROBE_OK }
            let pin = Unmanaged<RenditionPin>.fromOpaque(data).takeUnretainedValue()
            return pin.masterProbe(info) ? GST_PAD_PROBE_OK : GST_PAD_PROBE_REMOVE
        }, Unmanaged.passRetained(self).toOpaque(), { data in
            guard let data else { return }
            Unmanaged<RenditionPin>.fromOpaque(data).release()
        })
    }

    /// The master's bytes and its end (a streaming thread, before the
    /// demuxer reads it): pins the start. False once done with it.
    private func masterProbe(_ info: UnsafeMutablePointer<GstPadProbeInfo>) -> Bool {
        let type = info.pointee.type.rawValue
        if type & GST_PAD_PROBE_TYPE_BUFFER.rawValue != 0, let buffer = gst_pad_probe_info_get_buffer(info) {
            var map = GstMapInfo()
            guard gst_buffer_map(buffer, &map, GST_MAP_READ) != 0 else { return true }
            defer { gst_buffer_unmap(buffer, &map) }
            let size = Int(map.size)
            return state.withLock { state in
                guard !state.masterRead, state.master.count + size <= HLSVariant.maxMasterBytes else {
                    state.masterRead = true
                    return false
                }
                if let bytes = map.data { state.master.append(bytes, count: size) }
                return true
            }
        }
        guard type & GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM.rawValue != 0, let event = gst_pad_probe_info_get_event(info),
              event.pointee.type == GST_EVENT_EOS else { return true }
        apply { state in
            state.masterRead = true
            state.variants = HLSVariant.parse(String(decoding: state.master, as: UTF8.self))
            state.master = Data()
        }
        return false
    }
}

/// GstBin::deep-element-added(bin, sub_bin, element, user_data).
private let demuxerAdded: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?,
                                          UnsafeMutablePointer<GstElement>?, UnsafeMutableRawPointer?) -> Void = {
    _, _, element, data in
    guard let element, let data else { return }
    Unmanaged<RenditionPin>.fromOpaque(data).takeUnretainedValue().added(element)
}
