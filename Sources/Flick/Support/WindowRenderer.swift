import CGLib
import CGtk
import FeedGObject
import FeedUI

/// The GSK renderer that draws a window: GTK's choice, or the one
/// `RendererSetup` asked for. `--report-state`'s `renderer` key.
enum WindowRenderer: String, Encodable, Equatable {
    case cairo
    case gl
    case vulkan
    /// A renderer this list does not know (Broadway's, a newer GTK's).
    case other

    /// The renderer of `window`; nil before it is realized.
    @MainActor
    init?(of window: WidgetPointer) {
        guard let native = gtk_widget_get_native(window), let renderer = gtk_native_get_renderer(native),
              let name = g_type_name_from_instance(UnsafeMutableRawPointer(renderer).assumingMemoryBound(to: GTypeInstance.self))
        else { return nil }
        switch String(cString: name) {
        case "GskCairoRenderer": self = .cairo
        case "GskGLRenderer", "GskNglRenderer": self = .gl
        case "GskVulkanRenderer": self = .vulkan
        default: self = .other
        }
    }
}
