import CGLib
internal import CGStreamer
import FeedCore
import FeedGObject
import Foundation
import Synchronization

/// Sizes the player's frames in the pipeline: a pad probe on videoscale's
/// sink pad sees each new stream's caps first, picks the size with
/// ContentFit, and writes it into the capsfilter behind the converter, so
/// frames are scaled before they are converted to BGRA, copied or uploaded.
///
/// Cover scales so the frame fills the box and overflows it on one axis;
/// ``visibleRect(decoded:)`` then picks the box-sized middle, so no frame
/// handed to the GTK thread is larger than the box.
///
/// The same probe reads the stream's orientation tag and sets the
/// `videoflip` behind the capsfilter: the size is decided for the frame as
/// shown (a phone's portrait clip is portrait) and written into the
/// capsfilter as stored, so the flip turns page-sized BGRA frames only.
///
/// `box` and `fit` are set by the GTK thread at each load and read by the
/// streaming thread in the probe; they, the stream's size and its
/// orientation are behind one mutex. Both threads set the two elements'
/// properties (thread-safe in GStreamer).
final class ScaleRequest: Sendable {
    /// The page's box and fit, the stream's size as stored (from its first
    /// caps; nil before them) and its orientation.
    private struct Scale {
        var box = PixelSize(width: 0, height: 0)
        var fit = ContentFit.cover
        var stored: PixelSize?
        var orientation = StreamOrientation.upright

        /// The capsfilter's size (as stored, before the flip) for the
        /// stream's upright size and the box; nil before the stream's caps
        /// or for an empty result.
        var scaledSize: PixelSize? {
            guard let stored else { return nil }
            let shown = fit.decodeSize(source: orientation.turned(stored), box: box)
            guard shown.width > 0, shown.height > 0 else { return nil }
            return orientation.turned(shown)
        }
    }

    private let scale = Mutex(Scale())
    /// Owned by the same bin as the probed pad, so they outlive every probe call.
    private let capsfilterHandle: SharedHandle
    private let flipHandle: SharedHandle

    private var flip: UnsafeMutablePointer<GstElement> { flipHandle.pointer() }

    /// Caps with no size: what the capsfilter holds between bindings.
    static let anySize = "video/x-raw,format=BGRA,pixel-aspect-ratio=1/1"

    private init(capsfilter: UnsafeMutablePointer<GstElement>, flip: UnsafeMutablePointer<GstElement>) {
        capsfilterHandle = SharedHandle(capsfilter)
        flipHandle = SharedHandle(flip)
    }

    /// Installs the probe on `scaler`'s sink pad; the pad holds the request
    /// until it goes away.
    static func install(on scaler: UnsafeMutablePointer<GstElement>, capsfilter: UnsafeMutablePointer<GstElement>,
                        flip: UnsafeMutablePointer<GstElement>) -> ScaleRequest {
        let request = ScaleRequest(capsfilter: capsfilter, flip: flip)
        guard let pad = gst_element_get_static_pad(scaler, "sink") else { return request }
        defer { gst_object_unref(UnsafeMutableRawPointer(pad)) }
        gst_pad_add_probe(pad, GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM, { _, info, data in
            guard let info, let data, let event = gst_pad_probe_info_get_event(info) else { return GST_PAD_PROBE_OK }
            let request = Unmanaged<ScaleRequest>.fromOpaque(data).takeUnretainedValue()
            if event.pointee.type == GST_EVENT_CAPS {
                var caps: UnsafeMutablePointer<GstCaps>?
                gst_event_parse_caps(event, &caps)
                if let caps, let size = StreamCaps.displaySize(caps) { request.apply(stored: size) }
            } else if event.pointee.type == GST_EVENT_TAG {
                var tags: UnsafeMutablePointer<GstTagList>?
                gst_event_parse_tag(event, &tags)
                if let tags, let orientation = StreamOrientation(tags: tags) { request.apply(orientation) }
            }
            return GST_PAD_PROBE_OK
        }, Unmanaged.passRetained(request).toOpaque(), releaseBoxDestroyNotify)
        return request
    }

    /// GTK thread: the size the next stream is scaled for. Clears the
    /// capsfilter's size and the flip, so the new stream negotiates from
    /// scratch and is shown as stored unless it says otherwise.
    func set(box: PixelSize, fit: ContentFit) {
        scale.withLock { $0 = Scale(box: box, fit: fit) }
        StreamOrientation.upright.apply(to: flip)
        setCaps(Self.anySize)
    }

    /// GTK thread: a new box for the stream already playing (the page was
    /// resized). With the stream's size known, the capsfilter gets the new
    /// size at once and the pipeline renegotiates without stopping.
    func resize(box: PixelSize, fit: ContentFit) {
        let size = scale.withLock { scale in
            scale.box = box
            scale.fit = fit
            return scale.scaledSize
        }
        if let size { setCaps(StreamCaps.bgra(size)) }
    }

    /// The part of a `decoded`-sized frame to hand over: all of it for
    /// contain, the centred box-sized part for cover (ContentFit's crop, done
    /// for free by pointing into the mapped frame). Streaming thread.
    func visibleRect(decoded: PixelSize) -> PixelRect {
        let (box, fit) = scale.withLock { ($0.box, $0.fit) }
        guard box.width > 0, box.height > 0 else {
            return PixelRect(x: 0, y: 0, width: decoded.width, height: decoded.height)
        }
        return fit.visibleRect(decoded: decoded, box: box)
    }

    /// The stream's display size (square pixels, turned upright) once its
    /// caps were seen.
    var streamSize: PixelSize? {
        scale.withLock { scale in scale.stored.map { scale.orientation.turned($0) } }
    }

    /// Streaming thread: a caps event. The first caps of a binding are the
    /// stream's own (the capsfilter has no size then). Later ones may come
    /// from playbin's converter renegotiating to our size, so the size is
    /// still decided from the stream's: the result is the same and
    /// negotiation settles.
    private func apply(stored seen: PixelSize) {
        let size = scale.withLock { scale in
            if scale.stored == nil { scale.stored = seen }
            return scale.scaledSize ?? seen
        }
        setCaps(StreamCaps.bgra(size))
    }

    /// Streaming thread: a tag event naming an orientation. Tags follow the
    /// caps and precede the first frame, so the first frame is upright.
    private func apply(_ newOrientation: StreamOrientation) {
        let (changed, size) = scale.withLock { scale -> (Bool, PixelSize?) in
            let changed = newOrientation != scale.orientation
            scale.orientation = newOrientation
            return (changed, changed ? scale.scaledSize : nil)
        }
        guard changed else { return }
        newOrientation.apply(to: flip)
        if let size { setCaps(StreamCaps.bgra(size)) }
    }

    private func setCaps(_ caps: String) {
        gst_util_set_object_arg(capsfilterHandle.pointer(as: GObject.self), "caps", caps)
    }
}
