import CFlickGLibShim
import CGLib
internal import CGStreamer
import FeedGObject
import Foundation
import Synchronization

/// When a player's network sources (every `souphttpsrc` in its playbin,
/// HLS fragment sources too) last pushed bytes, so that a read error can
/// be told apart as a timeout from what happened, not from its text:
/// souphttpsrc 1.22 turns libsoup's `G_IO_ERROR_TIMED_OUT` into a plain
/// `RESOURCE_ERROR_READ` and keeps the cause only in its message.
///
/// Each souphttpsrc gets the same `timeout` (``timeoutSeconds``); a READ or
/// OPEN_READ error after at least that long without bytes is a timeout.
/// Streaming threads touch it (a buffer probe), the GTK thread reads it.
final class NetworkActivity: Sendable {
    /// souphttpsrc's `timeout` for this player's sources, in seconds.
    let timeoutSeconds: UInt32
    /// Monotonic µs of the last bytes, or of the binding's start.
    private let last = Atomic<Int>(g_get_monotonic_time())

    init(timeoutSeconds: UInt32) {
        self.timeoutSeconds = timeoutSeconds
    }

    /// A new binding starts the clock: a connection that never answers
    /// counts from its open.
    func restart() {
        last.store(g_get_monotonic_time(), ordering: .relaxed)
    }

    /// Seconds without bytes from any network source, now.
    var quietSeconds: Double {
        Double(g_get_monotonic_time() - last.load(ordering: .relaxed)) / 1e6
    }

    /// Whether a source's read or open error now followed a whole timeout
    /// without bytes (a tenth of it spared for the clock's grain).
    var hasTimedOut: Bool { quietSeconds >= Double(timeoutSeconds) * 0.9 }

    /// Streaming thread: bytes arrived.
    fileprivate func touch() {
        last.store(g_get_monotonic_time(), ordering: .relaxed)
    }

    /// Watches every souphttpsrc added anywhere inside `playbin` (its own
    /// source and those an adaptive demuxer makes), for the playbin's life.
    func watch(_ playbin: UnsafeMutablePointer<GstElement>) {
        StreamingSignal.connect(playbin, "deep-element-added", unsafeBitCast(elementAdded, to: GCallback.self), holding: self)
    }

    /// A new element somewhere in the playbin (any thread): a network
    /// source gets the timeout and a probe that stamps its bytes.
    fileprivate func added(_ element: UnsafeMutablePointer<GstElement>) {
        guard let factory = ElementFactory.of(element), ElementFactory.name(factory) == "souphttpsrc" else { return }
        flick_object_set_uint(UnsafeMutableRawPointer(element), "timeout", timeoutSeconds)
        guard let pad = gst_element_get_static_pad(element, "src") else { return }
        defer { gst_object_unref(UnsafeMutableRawPointer(pad)) }
        gst_pad_add_probe(pad, GstPadProbeType(rawValue: GST_PAD_PROBE_TYPE_BUFFER.rawValue | GST_PAD_PROBE_TYPE_BUFFER_LIST.rawValue),
                          { _, _, data in
                              if let data { Unmanaged<NetworkActivity>.fromOpaque(data).takeUnretainedValue().touch() }
                              return GST_PAD_PROBE_OK
                          }, Unmanaged.passRetained(self).toOpaque(), { data in
                              guard let data else { return }
                              Unmanaged<NetworkActivity>.fromOpaque(data).release()
                          })
    }
}

/// GstBin::deep-element-added(bin, sub_bin, element, user_data).
private let elementAdded: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?,
                                          UnsafeMutablePointer<GstElement>?, UnsafeMutableRawPointer?) -> Void = {
    _, _, element, data in
    guard let element, let data else { return }
    Unmanaged<NetworkActivity>.fromOpaque(data).takeUnretainedValue().added(element)
}
