import CGLib
import CGStreamer
import FeedCore

/// Sets a capsfilter's size from the decoder's caps, before the pipeline negotiates.
///
/// A pad probe on the converter's sink pad sees the decoded stream's caps
/// event first; it picks the decode size with ContentFit and writes it into
/// the capsfilter after videoscale, so scaling happens in the pipeline.
/// Runs on a GStreamer streaming thread; the request it reads is immutable.
final class FrameSizeProbe {
    private let capsfilter: UnsafeMutablePointer<GstElement>
    private let box: PixelSize
    private let fit: ContentFit

    private init(capsfilter: UnsafeMutablePointer<GstElement>, box: PixelSize, fit: ContentFit) {
        self.capsfilter = capsfilter
        self.box = box
        self.fit = fit
    }

    /// Installs the probe; GLib releases it when the pad goes away. The
    /// capsfilter belongs to the same pipeline, so it outlives the pad's use.
    static func install(on element: UnsafeMutablePointer<GstElement>, capsfilter: UnsafeMutablePointer<GstElement>,
                        box: PixelSize, fit: ContentFit) {
        guard let pad = gst_element_get_static_pad(element, "sink") else { return }
        defer { gst_object_unref(UnsafeMutableRawPointer(pad)) }
        let request = Unmanaged.passRetained(FrameSizeProbe(capsfilter: capsfilter, box: box, fit: fit)).toOpaque()
        gst_pad_add_probe(pad, GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM, { _, info, userData in
            guard let info, let userData,
                  let event = gst_pad_probe_info_get_event(info), event.pointee.type == GST_EVENT_CAPS else {
                return GST_PAD_PROBE_OK
            }
            var caps: UnsafeMutablePointer<GstCaps>?
            gst_event_parse_caps(event, &caps)
            if let caps {
                Unmanaged<FrameSizeProbe>.fromOpaque(userData).takeUnretainedValue().apply(streamCaps: caps)
            }
            return GST_PAD_PROBE_OK
        }, request, { userData in
            if let userData { Unmanaged<FrameSizeProbe>.fromOpaque(userData).release() }
        })
    }

    private func apply(streamCaps caps: UnsafeMutablePointer<GstCaps>) {
        guard let structure = gst_caps_get_structure(caps, 0) else { return }
        var width: Int32 = 0
        var height: Int32 = 0
        guard gst_structure_get_int(structure, "width", &width) != 0,
              gst_structure_get_int(structure, "height", &height) != 0, width > 0, height > 0 else { return }
        var parN: Int32 = 1
        var parD: Int32 = 1
        if gst_structure_get_fraction(structure, "pixel-aspect-ratio", &parN, &parD) == 0 || parN <= 0 || parD <= 0 {
            parN = 1
            parD = 1
        }
        // The size the stream is shown at, square pixels.
        let shown = PixelSize(width: Int(saturatingRounded: Double(width) * Double(parN) / Double(parD)), height: Int(height))
        let size = fit.decodeSize(source: shown, box: box)
        guard size.width > 0, size.height > 0 else { return }
        gst_util_set_object_arg(UnsafeMutableRawPointer(capsfilter).assumingMemoryBound(to: GObject.self), "caps",
                                "video/x-raw,format=RGBA,width=\(size.width),height=\(size.height),pixel-aspect-ratio=1/1")
    }
}
