import CFlickGLibShim
import CGLib
internal import CGStreamer
import FeedCore
import FeedGObject
import Foundation
import Synchronization

/// Tells a playbin's captions chain the format its file declares
/// (``CaptionFormat``, from the file's ending) instead of letting
/// GStreamer sniff it: the type finder of the `suburi`'s decodebin gets
/// `force-caps`, so a one-cue SubRip file of 40 bytes, which the sniffer
/// needs 129 bytes to recognise, reaches `subparse` as SubRip. The GTK
/// thread sets the captions of each opening; streaming threads add the
/// elements (GstBin's `deep-element-added`); a mutex guards `expected`.
final class CaptionFormatHint: Sendable {
    /// The captions' address and the caps their format has, for the opening under way.
    private let expected = Mutex<(uri: String, caps: String)?>(nil)

    /// GTK thread, before the playbin opens: the captions it plays beside
    /// the media (nil: none, or a file whose ending names no format, which
    /// is sniffed as before).
    func expect(_ captions: String?) {
        let format = captions.flatMap { URL(string: $0)?.lastPathComponent }.flatMap(CaptionFormat.init(fileName:))
        expected.withLock { $0 = captions.flatMap { uri in format.map { (uri, $0.caps) } } }
    }

    /// Watches every element added anywhere inside `playbin`, for its life.
    func watch(_ playbin: UnsafeMutablePointer<GstElement>) {
        StreamingSignal.connect(playbin, "deep-element-added", unsafeBitCast(elementAdded, to: GCallback.self), holding: self)
    }

    /// Any thread: a type finder in the decodebin of the uridecodebin that
    /// reads the expected captions is told their caps.
    fileprivate func added(_ element: UnsafeMutablePointer<GstElement>, in bin: UnsafeMutableRawPointer) {
        guard let factory = ElementFactory.of(element), ElementFactory.name(factory) == "typefind",
              let expected = expected.withLock({ $0 }),
              let reader = gst_object_get_parent(bin.assumingMemoryBound(to: GstObject.self)) else { return }
        defer { gst_object_unref(UnsafeMutableRawPointer(reader)) }
        guard let factory = ElementFactory.of(UnsafeMutableRawPointer(reader).assumingMemoryBound(to: GstElement.self)),
              ElementFactory.name(factory) == "uridecodebin",
              let uri = flick_object_get_string(UnsafeMutableRawPointer(reader), "uri") else { return }
        defer { g_free(uri) }
        guard String(cString: uri) == expected.uri, let caps = gst_caps_from_string(expected.caps) else { return }
        var value = GValue()
        g_value_init(&value, gst_caps_get_type())
        g_value_take_boxed(&value, UnsafeRawPointer(caps))
        g_object_set_property(UnsafeMutableRawPointer(element).assumingMemoryBound(to: GObject.self), "force-caps", &value)
        g_value_unset(&value)
    }
}

/// GstBin::deep-element-added(bin, sub_bin, element, user_data).
private let elementAdded: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?,
                                          UnsafeMutablePointer<GstElement>?, UnsafeMutableRawPointer?) -> Void = {
    _, bin, element, data in
    guard let bin, let element, let data else { return }
    Unmanaged<CaptionFormatHint>.fromOpaque(data).takeUnretainedValue().added(element, in: bin)
}
