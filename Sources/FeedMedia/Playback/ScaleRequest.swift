import CGLib
import CGStreamer
import FeedCore
import FeedGObject
import Foundation

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
/// streaming thread in the probe; `lock` guards them, the stream's size and
/// its orientation.
/// `@unchecked Sendable`: the element pointers are constant (GStreamer elements are thread-safe to set); the rest is under `lock`.
final class ScaleRequest: @unchecked Sendable {
    private let lock = NSLock()
    private var box = PixelSize(width: 0, height: 0)
    private var fit = ContentFit.cover
    /// The stream's size as stored, from its first caps; nil before them.
    private var stored: PixelSize?
    private var orientation = StreamOrientation.upright
    /// Owned by the same bin as the probed pad, so they outlive every probe call.
    private let capsfilter: UnsafeMutablePointer<GstElement>
    private let flip: UnsafeMutablePointer<GstElement>

    /// Caps with no size: what the capsfilter holds between bindings.
    static let anySize = "video/x-raw,format=BGRA,pixel-aspect-ratio=1/1"

    private init(capsfilter: UnsafeMutablePointer<GstElement>, flip: UnsafeMutablePointer<GstElement>) {
        self.capsfilter = capsfilter
        self.flip = flip
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
        lock.lock()
        self.box = box
        self.fit = fit
        stored = nil
        orientation = .upright
        lock.unlock()
        StreamOrientation.upright.apply(to: flip)
        setCaps(Self.anySize)
    }

    /// GTK thread: a new box for the stream already playing (the page was
    /// resized). With the stream's size known, the capsfilter gets the new
    /// size at once and the pipeline renegotiates without stopping.
    func resize(box: PixelSize, fit: ContentFit) {
        lock.lock()
        self.box = box
        self.fit = fit
        let size = scaledSizeLocked()
        lock.unlock()
        if let size { setCaps(StreamCaps.bgra(size)) }
    }

    /// The part of a `decoded`-sized frame to hand over: all of it for
    /// contain, the centred box-sized part for cover (ContentFit's crop, done
    /// for free by pointing into the mapped frame). Streaming thread.
    func visibleRect(decoded: PixelSize) -> PixelRect {
        lock.lock(); defer { lock.unlock() }
        guard box.width > 0, box.height > 0 else {
            return PixelRect(x: 0, y: 0, width: decoded.width, height: decoded.height)
        }
        return fit.visibleRect(decoded: decoded, box: box)
    }

    /// The stream's display size (square pixels, turned upright) once its
    /// caps were seen.
    var streamSize: PixelSize? {
        lock.lock(); defer { lock.unlock() }
        return stored.map { orientation.turned($0) }
    }

    /// Streaming thread: a caps event. The first caps of a binding are the
    /// stream's own (the capsfilter has no size then). Later ones may come
    /// from playbin's converter renegotiating to our size, so the size is
    /// still decided from the stream's: the result is the same and
    /// negotiation settles.
    private func apply(stored seen: PixelSize) {
        lock.lock()
        if stored == nil { stored = seen }
        let size = scaledSizeLocked() ?? seen
        lock.unlock()
        setCaps(StreamCaps.bgra(size))
    }

    /// Streaming thread: a tag event naming an orientation. Tags follow the
    /// caps and precede the first frame, so the first frame is upright.
    private func apply(_ newOrientation: StreamOrientation) {
        lock.lock()
        let changed = newOrientation != orientation
        orientation = newOrientation
        let size = changed ? scaledSizeLocked() : nil
        lock.unlock()
        guard changed else { return }
        newOrientation.apply(to: flip)
        if let size { setCaps(StreamCaps.bgra(size)) }
    }

    /// The capsfilter's size (as stored, before the flip) for the stream's
    /// upright size and the box; nil before the stream's caps or for an
    /// empty result. Call with `lock` held.
    private func scaledSizeLocked() -> PixelSize? {
        guard let stored else { return nil }
        let shown = fit.decodeSize(source: orientation.turned(stored), box: box)
        guard shown.width > 0, shown.height > 0 else { return nil }
        return orientation.turned(shown)
    }

    private func setCaps(_ caps: String) {
        gst_util_set_object_arg(UnsafeMutableRawPointer(capsfilter).assumingMemoryBound(to: GObject.self), "caps", caps)
    }
}
