import CGtk
import FlickTooling
import Foundation

/// Loads Flick's stylesheet (data/style.css) for the whole display.
@MainActor
enum Stylesheet {
    /// Where style.css may be, most specific first: `$FLICK_DATA_DIR`, the
    /// install prefix next to the binary, then the source tree (for runs from
    /// a build folder).
    static func candidates() -> [URL] {
        var result: [URL] = []
        if let dir = ProcessInfo.processInfo.environment["FLICK_DATA_DIR"] {
            result.append(URL(fileURLWithPath: dir).appendingPathComponent("style.css"))
        }
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        result.append(exe.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share/flick/style.css"))
        let source = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        result.append(source.appendingPathComponent("data/style.css"))
        return result
    }

    /// Loads the first stylesheet found; warns once if there is none (the
    /// app still works, with GTK's default look).
    static func load() {
        guard let display = gdk_display_get_default() else { return }
        guard let file = candidates().first(where: { FileManager.default.isReadableFile(atPath: $0.path) }) else {
            Log.warning("style.css not found; set FLICK_DATA_DIR to Flick's data folder")
            return
        }
        let provider = gtk_css_provider_new()
        gtk_css_provider_load_from_path(provider, file.path)
        gtk_style_context_add_provider_for_display(display, OpaquePointer(provider),
                                                   UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }
}
