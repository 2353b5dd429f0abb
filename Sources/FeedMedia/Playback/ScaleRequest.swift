import CGLib
import CGStreamer
import FeedCore
import Foundation

/// Sizes the player's frames in the pipeline: a pad probe on videoscale's
/// sink pad sees each new stream's caps first, picks the size with
/// ContentFit, and writes it into the capsfilter behind the converter, so
/// frames are scaled before they are converted to RGBA, copied or uploaded.
///
/// Cover scales so the frame fills the box and overflows it on one axis;
/// ``visibleRect(decoded:)`` then picks the box-sized middle, so no frame
/// handed to the GTK thread is larger than the box.
///
/// `box` and `fit` are set by the GTK thread at each load and read by the
/// streaming thread in the probe; `lock` guards them and `streamSize`.
final class ScaleRequest: @unchecked Sendable {
    private let lock = NSLock()
    private var box = PixelSize(width: 0, height: 0)
    private var fit = ContentFit.cover
    private var shown: PixelSize?
    /// Owned by the same bin as the probed pad, so it outlives every probe call.
    private let capsfilter: UnsafeMutablePointer<GstElement>

    /// Caps with no size: what the capsfilter holds between bindings.
    static let anySize = "video/x-raw,format=RGBA,pixel-aspect-ratio=1/1"

    private init(capsfilter: UnsafeMutablePointer<GstElement>) {
        self.capsfilter = capsfilter
    }

    /// Installs the probe on `scaler`'s sink pad; the pad holds the request
    /// until it goes away.
    static func install(on scaler: UnsafeMutablePointer<GstElement>,
                        capsfilter: UnsafeMutablePointer<GstElement>) -> ScaleRequest {
        let request = ScaleRequest(capsfilter: capsfilter)
        guard let pad = gst_element_get_static_pad(scaler, "sink") else { return request }
        defer { gst_object_unref(UnsafeMutableRawPointer(pad)) }
        gst_pad_add_probe(pad, GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM, { _, info, data in
            guard let info, let data, let event = gst_pad_probe_info_get_event(info),
                  event.pointee.type == GST_EVENT_CAPS else { return GST_PAD_PROBE_OK }
            var caps: UnsafeMutablePointer<GstCaps>?
            gst_event_parse_caps(event, &caps)
            if let caps {
                Unmanaged<ScaleRequest>.fromOpaque(data).takeUnretainedValue().apply(streamCaps: caps)
            }
            return GST_PAD_PROBE_OK
        }, Unmanaged.passRetained(request).toOpaque(), releaseBoxDestroyNotify)
        return request
    }

    /// GTK thread: the size the next stream is scaled for. Clears the
    /// capsfilter's size so the new stream negotiates from scratch.
    func set(box: PixelSize, fit: ContentFit) {
        lock.lock()
        self.box = box
        self.fit = fit
        shown = nil
        lock.unlock()
        setCaps(Self.anySize)
    }

    /// GTK thread: a new box for the stream already playing (the page was
    /// resized). With the stream's size known, the capsfilter gets the new
    /// size at once and the pipeline renegotiates without stopping.
    func resize(box: PixelSize, fit: ContentFit) {
        lock.lock()
        self.box = box
        self.fit = fit
        let size = shown.map { fit.decodeSize(source: $0, box: box) }
        lock.unlock()
        guard let size, size.width > 0, size.height > 0 else { return }
        setCaps("video/x-raw,format=RGBA,width=\(size.width),height=\(size.height),pixel-aspect-ratio=1/1")
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

    /// The stream's display size (square pixels) once its caps were seen.
    var streamSize: PixelSize? {
        lock.lock(); defer { lock.unlock() }
        return shown
    }

    /// Streaming thread.
    private func apply(streamCaps caps: UnsafeMutablePointer<GstCaps>) {
        guard let structure = gst_caps_get_structure(caps, 0) else { return }
        var width: Int32 = 0, height: Int32 = 0
        guard gst_structure_get_int(structure, "width", &width) != 0,
              gst_structure_get_int(structure, "height", &height) != 0, width > 0, height > 0 else { return }
        var parN: Int32 = 1, parD: Int32 = 1
        if gst_structure_get_fraction(structure, "pixel-aspect-ratio", &parN, &parD) == 0 || parN <= 0 || parD <= 0 {
            parN = 1
            parD = 1
        }
        let seen = PixelSize(width: Int(saturatingRounded: Double(width) * Double(parN) / Double(parD)), height: Int(height))
        // The first caps of a binding are the stream's own (the capsfilter has
        // no size then). Later ones may come from playbin's converter
        // renegotiating to our size, so the size is still decided from the
        // stream's: the result is the same and negotiation settles.
        lock.lock()
        let stream = shown ?? seen
        shown = stream
        var size = fit.decodeSize(source: stream, box: box)
        lock.unlock()
        if size.width <= 0 || size.height <= 0 { size = seen }
        setCaps("video/x-raw,format=RGBA,width=\(size.width),height=\(size.height),pixel-aspect-ratio=1/1")
    }

    private func setCaps(_ caps: String) {
        gst_util_set_object_arg(UnsafeMutableRawPointer(capsfilter).assumingMemoryBound(to: GObject.self), "caps", caps)
    }
}
