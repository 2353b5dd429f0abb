import CFlickGLibShim
import CGLib
internal import CGStreamer
import FeedCore
import FeedGObject
import Foundation
import Synchronization

/// Which video decoder a player's playbin plugged for its current binding
/// (the element's factory name, `avdec_h264`, `vah264dec`, …), for
/// `--report-state`'s `decoder` and the diagnostics overlay; and the
/// fallback when a hardware decoder fails before the first frame: the
/// binding is opened again once with hardware decoders skipped (each
/// decodebin's `autoplug-select`). Streaming threads add elements
/// (GstBin's `deep-element-added`) and ask what to skip, the GTK thread
/// reads; a mutex guards both. When to fall back is FeedCore's
/// ``DecoderFallback``. libav's decoders get
/// their thread count from each stream's size on the way (``DecoderThreads``).
final class DecoderWatch: Sendable {
    private struct State {
        /// The factory name of the video decoder plugged last.
        var currentName: String?
        /// The binding's decoder kind and whether it fell back.
        var fallback = DecoderFallback()
    }

    private let state = Mutex(State())

    /// The decoder of the current binding; nil before one is plugged.
    var decoder: (name: String, kind: DecoderKind)? {
        state.withLock { state in state.currentName.flatMap { name in state.fallback.plugged.map { (name, $0) } } }
    }

    /// A new binding forgets the last one's decoder and fallback.
    func restart() {
        state.withLock {
            $0.currentName = nil
            $0.fallback.restart()
        }
    }

    /// The binding opens (again): its decoder is plugged anew.
    func forgetDecoder() {
        state.withLock {
            $0.currentName = nil
            $0.fallback.reopen()
        }
    }

    /// The binding failed: true (and from now on hardware decoders are
    /// skipped) when a hardware decoder was plugged and this binding has
    /// not fallen back yet.
    func fallBackToSoftware() -> Bool {
        state.withLock {
            guard $0.fallback.failed() else { return false }
            $0.currentName = nil
            return true
        }
    }

    /// Streaming thread: whether decodebin may try `factory`.
    fileprivate func allows(_ factory: OpaquePointer) -> Bool {
        guard let klass = ElementFactory.klass(factory) else { return true }
        return state.withLock { $0.fallback.allows(DecoderKind(klass: klass)) }
    }

    /// Watches every element added anywhere inside `playbin`, for its life.
    func watch(_ playbin: UnsafeMutablePointer<GstElement>) {
        StreamingSignal.connect(playbin, "deep-element-added", unsafeBitCast(decoderAdded, to: GCallback.self), holding: self)
    }

    /// A new element (any thread): a video decoder is remembered, and
    /// each decodebin asks this watch what it may plug.
    fileprivate func added(_ element: UnsafeMutablePointer<GstElement>) {
        guard let factory = ElementFactory.of(element), let name = ElementFactory.name(factory),
              let klass = ElementFactory.klass(factory) else { return }
        if name == "decodebin" {
            StreamingSignal.connect(element, "autoplug-select", unsafeBitCast(autoplugSelect, to: GCallback.self), holding: self)
            return
        }
        let kind = DecoderKind(klass: klass)
        guard kind != .other else { return }
        if kind == .softwareVideoDecoder, name.hasPrefix("avdec_") { Self.limitThreads(of: element) }
        state.withLock {
            $0.currentName = name
            $0.fallback.plug(kind)
        }
    }

    /// Streaming thread: each stream's caps, on their way into libav's
    /// decoder `element` (before it opens its codec for them), set its
    /// `max-threads` for their size (``DecoderThreads``).
    private static func limitThreads(of element: UnsafeMutablePointer<GstElement>) {
        guard let pad = gst_element_get_static_pad(element, "sink") else { return }
        defer { gst_object_unref(UnsafeMutableRawPointer(pad)) }
        gst_pad_add_probe(pad, GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM, { pad, info, _ in
            guard let pad, let info, let event = gst_pad_probe_info_get_event(info), event.pointee.type == GST_EVENT_CAPS,
                  let decoder = gst_pad_get_parent_element(pad) else { return GST_PAD_PROBE_OK }
            defer { gst_object_unref(UnsafeMutableRawPointer(decoder)) }
            var caps: UnsafeMutablePointer<GstCaps>?
            gst_event_parse_caps(event, &caps)
            let size = caps.flatMap(StreamCaps.pixelSize) ?? PixelSize(width: 0, height: 0) // unknown: libav decides
            flick_object_set_int(decoder, "max-threads", Int32(DecoderThreads.maxThreads(width: size.width, height: size.height)))
            return GST_PAD_PROBE_OK
        }, nil, nil)
    }
}

/// GstBin::deep-element-added(bin, sub_bin, element, user_data).
private let decoderAdded: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?,
                                          UnsafeMutablePointer<GstElement>?, UnsafeMutableRawPointer?) -> Void = {
    _, _, element, data in
    guard let element, let data else { return }
    Unmanaged<DecoderWatch>.fromOpaque(data).takeUnretainedValue().added(element)
}

/// GstDecodeBin::autoplug-select(bin, pad, caps, factory, user_data):
/// GST_AUTOPLUG_SELECT_TRY (0) or _SKIP (2); the enum is not in an
/// installed header.
private let autoplugSelect: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?,
                                            OpaquePointer?, UnsafeMutableRawPointer?) -> Int32 = {
    _, _, _, factory, data in
    guard let factory, let data else { return 0 }
    return Unmanaged<DecoderWatch>.fromOpaque(data).takeUnretainedValue().allows(factory) ? 0 : 2
}
