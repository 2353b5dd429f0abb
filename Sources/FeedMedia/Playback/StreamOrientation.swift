import CFlickGLibShim
import CGLib
internal import CGStreamer
import FeedCore

/// How a stream's frames are turned to be shown upright.
///
/// Phones record portrait video as landscape frames and say so in the
/// file's display matrix; qtdemux (and matroskademux, from its projection
/// element) report it as the `image-orientation` tag, which
/// `gst_video_orientation_from_tag` reads. The players and the frame grabber
/// put a `videoflip` behind their scaler and set its direction from this, so
/// the turn is done on page-sized BGRA frames, never on decoded ones.
/// Immutable; any thread.
struct StreamOrientation: Equatable, Sendable {
    /// The direction `videoflip` is set to (a `GstVideoOrientationMethod`).
    let method: GstVideoOrientationMethod

    static let upright = StreamOrientation(method: GST_VIDEO_ORIENTATION_IDENTITY)

    private init(method: GstVideoOrientationMethod) {
        self.method = method
    }

    /// The orientation a tag list states; nil when it states none (most
    /// tag lists: encoders and bitrates), so an earlier one stays in force.
    /// An orientation GStreamer cannot name is shown as stored.
    init?(tags: UnsafeMutablePointer<GstTagList>) {
        var method = GST_VIDEO_ORIENTATION_IDENTITY
        guard gst_tag_list_get_tag_size(tags, "image-orientation") > 0 else { return nil }
        if gst_video_orientation_from_tag(tags, &method) == 0 || method == GST_VIDEO_ORIENTATION_AUTO
            || method == GST_VIDEO_ORIENTATION_CUSTOM {
            method = GST_VIDEO_ORIENTATION_IDENTITY
        }
        self.method = method
    }

    /// Whether width and height trade places: a quarter turn, or a flip
    /// across a diagonal.
    var swapsAxes: Bool {
        method == GST_VIDEO_ORIENTATION_90R || method == GST_VIDEO_ORIENTATION_90L
            || method == GST_VIDEO_ORIENTATION_UL_LR || method == GST_VIDEO_ORIENTATION_UR_LL
    }

    /// A stored frame's size as shown, or (the same swap) a shown size as
    /// stored.
    func turned(_ size: PixelSize) -> PixelSize {
        swapsAxes ? PixelSize(width: size.height, height: size.width) : size
    }

    /// Sets `flip`'s `video-direction` (mutable while playing; the element
    /// renegotiates before its next frame). Any thread.
    func apply(to flip: UnsafeMutablePointer<GstElement>) {
        flick_object_set_enum(UnsafeMutableRawPointer(flip), "video-direction", gint(method.rawValue))
    }
}
