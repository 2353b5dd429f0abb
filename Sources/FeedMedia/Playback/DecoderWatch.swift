import CGLib
import CGStreamer
import FeedCore
import Foundation

/// Which video decoder a player's playbin plugged for its current binding
/// (the element's factory name, `avdec_h264`, `vah264dec`, …), for
/// `--report-state`'s `decoder` and the diagnostics overlay. Streaming
/// threads add elements (GstBin's `deep-element-added`), the GTK thread
/// reads; `lock` guards the name.
final class DecoderWatch: @unchecked Sendable {
    private let lock = NSLock()
    private var current: (name: String, kind: DecoderKind)?

    /// The decoder of the current binding; nil before one is plugged.
    var decoder: (name: String, kind: DecoderKind)? { lock.withLock { current } }

    /// A new binding forgets the last one's decoder.
    func restart() {
        lock.withLock { current = nil }
    }

    /// Watches every element added anywhere inside `playbin`, for its life.
    func watch(_ playbin: UnsafeMutablePointer<GstElement>) {
        g_signal_connect_data(UnsafeMutableRawPointer(playbin), "deep-element-added",
                              unsafeBitCast(decoderAdded, to: GCallback.self),
                              Unmanaged.passRetained(self).toOpaque(), { data, _ in
                                  guard let data else { return }
                                  Unmanaged<DecoderWatch>.fromOpaque(data).release()
                              }, GConnectFlags(rawValue: 0))
    }

    /// A new element (any thread): a video decoder is remembered.
    fileprivate func added(_ element: UnsafeMutablePointer<GstElement>) {
        guard let factory = gst_element_get_factory(element),
              let klass = gst_element_factory_get_metadata(factory, "klass") else { return }
        let kind = DecoderKind(klass: String(cString: klass))
        guard kind != .other, let name = DecoderRanks.name(of: factory) else { return }
        lock.withLock { current = (name, kind) }
    }
}

/// GstBin::deep-element-added(bin, sub_bin, element, user_data).
private let decoderAdded: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?,
                                          UnsafeMutablePointer<GstElement>?, UnsafeMutableRawPointer?) -> Void = {
    _, _, element, data in
    guard let element, let data else { return }
    Unmanaged<DecoderWatch>.fromOpaque(data).takeUnretainedValue().added(element)
}
