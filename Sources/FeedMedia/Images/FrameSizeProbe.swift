import CGLib
import CGStreamer
import FeedCore
import Foundation

/// Sets a capsfilter's size and a flip's direction from the decoder's
/// caps and orientation tag, before the pipeline negotiates.
///
/// A pad probe on the converter's sink pad sees the decoded stream's caps
/// and tag events first; it picks the decode size with ContentFit for the
/// stream as shown (upright) and writes it, as stored, into the capsfilter
/// after videoscale, so scaling happens in the pipeline and the flip behind
/// the capsfilter turns a page-sized frame. Runs on a GStreamer streaming
/// thread; `lock` guards the stream's size and orientation.
final class FrameSizeProbe: @unchecked Sendable {
    private let capsfilter: UnsafeMutablePointer<GstElement>
    private let flip: UnsafeMutablePointer<GstElement>
    private let box: PixelSize
    private let fit: ContentFit
    private let lock = NSLock()
    private var stored: PixelSize?
    private var orientation = StreamOrientation.upright

    private init(capsfilter: UnsafeMutablePointer<GstElement>, flip: UnsafeMutablePointer<GstElement>,
                 box: PixelSize, fit: ContentFit) {
        self.capsfilter = capsfilter
        self.flip = flip
        self.box = box
        self.fit = fit
    }

    /// Installs the probe; GLib releases it when the pad goes away. The
    /// capsfilter and the flip belong to the same pipeline, so they outlive
    /// the pad's use.
    static func install(on element: UnsafeMutablePointer<GstElement>, capsfilter: UnsafeMutablePointer<GstElement>,
                        flip: UnsafeMutablePointer<GstElement>, box: PixelSize, fit: ContentFit) {
        guard let pad = gst_element_get_static_pad(element, "sink") else { return }
        defer { gst_object_unref(UnsafeMutableRawPointer(pad)) }
        let probe = FrameSizeProbe(capsfilter: capsfilter, flip: flip, box: box, fit: fit)
        gst_pad_add_probe(pad, GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM, { _, info, userData in
            guard let info, let userData, let event = gst_pad_probe_info_get_event(info) else {
                return GST_PAD_PROBE_OK
            }
            let probe = Unmanaged<FrameSizeProbe>.fromOpaque(userData).takeUnretainedValue()
            if event.pointee.type == GST_EVENT_CAPS {
                var caps: UnsafeMutablePointer<GstCaps>?
                gst_event_parse_caps(event, &caps)
                if let caps, let size = StreamCaps.displaySize(caps) { probe.update(stored: size) }
            } else if event.pointee.type == GST_EVENT_TAG {
                var tags: UnsafeMutablePointer<GstTagList>?
                gst_event_parse_tag(event, &tags)
                if let tags, let orientation = StreamOrientation(tags: tags) { probe.update(orientation: orientation) }
            }
            return GST_PAD_PROBE_OK
        }, Unmanaged.passRetained(probe).toOpaque(), releaseBoxDestroyNotify)
    }

    private func update(stored size: PixelSize? = nil, orientation newOrientation: StreamOrientation? = nil) {
        lock.lock()
        if let size { stored = size }
        let turned = newOrientation.map { $0 != orientation } ?? false
        if let newOrientation { orientation = newOrientation }
        let current = orientation
        let shown = stored.map { fit.decodeSize(source: current.turned($0), box: box) }
        lock.unlock()
        if turned { current.apply(to: flip) }
        guard let shown, shown.width > 0, shown.height > 0 else { return }
        gst_util_set_object_arg(UnsafeMutableRawPointer(capsfilter).assumingMemoryBound(to: GObject.self), "caps",
                                StreamCaps.rgba(current.turned(shown)))
    }
}
