import CFlickGtkShim
import CGLib
import CGtk
import FeedGObject
import FeedMedia

/// Where a page's video frames are drawn: a GtkPicture over one
/// FlickFramePaintable whose frame is swapped per frame (a texture under
/// GL, a cairo image under the cairo renderer), so a new frame redraws the
/// page without re-laying it out. GTK thread only.
@MainActor
final class VideoSurface {
    /// The picture widget, stacked over the page's poster.
    let picture: WidgetPointer
    private let paintable: GObjectRef
    /// Frames shown since the last clear.
    private(set) var framesShown = 0
    /// The frame on the surface now, nil after a clear.
    private var shown: VideoFrame?

    init() {
        paintable = GObjectRef(owning: flick_frame_paintable_new())!
        picture = gtk_picture_new_for_paintable(gopaque(paintable.raw))!
        gtk_picture_set_can_shrink(gopaque(picture), 1)
        gtk_widget_set_can_target(picture, 0)
        gtk_widget_set_visible(picture, 0)
    }

    /// How the frame fills the page when its size differs from the page's.
    func setFit(_ cover: Bool) {
        gtk_picture_set_content_fit(gopaque(picture), cover ? GTK_CONTENT_FIT_COVER : GTK_CONTENT_FIT_CONTAIN)
    }

    /// Shows `frame` without copying its pixels: under GL a texture wraps
    /// the frame's mapped buffer; under cairo the paintable draws the same
    /// buffer as a cairo image (GTK 4.8's cairo renderer would convert a
    /// texture's every pixel on every draw: BENCHMARKS.md). The buffer is
    /// unmapped when GTK drops the last draw of it. False when it was on
    /// the surface already (a page mounted with the session's held frame,
    /// then given it again) or GTK or cairo refused it.
    @discardableResult
    func show(_ frame: VideoFrame) -> Bool {
        guard frame !== shown else { return false }
        if FrameTextureFormat.drawsWithCairo(picture) {
            guard flick_frame_paintable_set_opaque_pixels(paintable.raw, UnsafeMutableRawPointer(frame.bytes),
                                                          Int32(frame.width), Int32(frame.height),
                                                          Int32(frame.stride)) != 0 else { return false }
        } else {
            guard let texture = gdk_memory_texture_new(Int32(frame.width), Int32(frame.height),
                                                       FrameTextureFormat.current, // frame.format, opaque
                                                       frame.bytes, gsize(frame.stride)) else { return false }
            flick_frame_paintable_set_texture(paintable.raw, texture.rawGObject)
            g_object_unref(texture.rawGObject)
        }
        shown = frame
        gtk_widget_set_visible(picture, 1)
        framesShown += 1
        return true
    }

    /// Drops the frame shown (the page was rebound or its player left).
    func clear() {
        flick_frame_paintable_set_texture(paintable.raw, nil)
        gtk_widget_set_visible(picture, 0)
        framesShown = 0
        shown = nil
    }
}
