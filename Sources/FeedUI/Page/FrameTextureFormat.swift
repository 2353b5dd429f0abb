import CGLib
import CGtk
import FeedGObject

/// The GdkMemoryFormat an opaque frame's texture is declared in, and
/// whether a window draws with cairo (where ``VideoSurface`` draws frames
/// as cairo images instead, which GTK does not convert at all).
///
/// Frames are opaque BGRA (the appsink's videoconvert sets alpha to 255),
/// so premultiplied and straight alpha describe the same pixels (and
/// GStreamer's BGRA is straight alpha, so for a video with an alpha
/// channel the straight format is the exact one). What
/// differs is the work each of GTK 4.8's renderers does with them on every
/// frame:
/// - the GL renderer uploads `B8G8R8A8_PREMULTIPLIED` as it is, and would
///   premultiply straight alpha on the CPU first;
/// - the cairo renderer converts every texture it draws to cairo's format,
///   and GTK 4.8 has no shortcut for a texture already in that format
///   (`B8G8R8A8_PREMULTIPLIED`): it goes through floats, about 1.7 ms a
///   frame for a 420×760 page on a 2-core machine, where straight-alpha
///   `B8G8R8A8` takes its integer premultiply (BENCHMARKS.md).
///
/// GTK thread only.
@MainActor
enum FrameTextureFormat {
    /// Whether `widget`'s window draws with GTK's cairo renderer (or the
    /// last window seen did, when it is in none yet). Video frames then skip
    /// textures altogether (``VideoSurface``).
    static func drawsWithCairo(_ widget: WidgetPointer) -> Bool {
        if let native = gtk_widget_get_native(widget), let renderer = gtk_native_get_renderer(native) {
            cairoSeen = g_type_check_instance_is_a(UnsafeMutableRawPointer(renderer).assumingMemoryBound(to: GTypeInstance.self),
                                                   gsk_cairo_renderer_get_type()) != 0
        }
        return cairoSeen
    }

    /// The format for the last window seen: for opaque frames made into
    /// textures away from a widget (a still grabbed from a video).
    static var current: GdkMemoryFormat {
        cairoSeen ? GDK_MEMORY_B8G8R8A8 : GDK_MEMORY_B8G8R8A8_PREMULTIPLIED
    }

    /// Whether the last window a frame was shown in draws with cairo.
    private static var cairoSeen = false
}
