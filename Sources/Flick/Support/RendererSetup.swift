import CEpoxy
import CGLib
import CGtk
import FeedCore
import Foundation

/// Picks GTK's renderer for Flick's windows (see `RendererChoice`): asks
/// OpenGL which renderer it runs on and, where that is a software
/// rasterizer, sets `GSK_RENDERER=cairo`. GTK reads that variable when it
/// realizes its first window, so this runs before any window exists. GTK
/// thread, after GTK is initialized. The probe's answer is kept in the
/// cache folder with the graphics it was made under and used again while
/// they stay the same: making a context costs ~100 ms of every launch on
/// a software rasterizer.
@MainActor
enum RendererSetup {
    /// Decides and applies the choice. Called once, from the first
    /// activation, before the window is built.
    static func apply() {
        let user = g_getenv("GSK_RENDERER").map { String(cString: $0) }
        // A renderer the user names wins; no need to ask OpenGL.
        let gl = user?.isEmpty == false ? nil : rememberedOrProbedRenderer()
        guard RendererChoice.decide(userRenderer: user, glRenderer: gl) == .cairo else { return }
        // Before any window is realized and before the feed's threads start.
        g_setenv("GSK_RENDERER", "cairo", 1)
    }

    /// Where the last probe's answer is kept: the fingerprint it was made
    /// under, then the `GL_RENDERER` string (empty: no context could be made).
    private static var rememberedFile: URL {
        URL(fileURLWithPath: String(cString: g_get_user_cache_dir()))
            .appendingPathComponent("io.github.flick.Flick/gl-renderer")
    }

    /// The `GL_RENDERER` the last launch found under the same graphics
    /// (``GraphicsFingerprint``), else a probe's, kept for the next launch.
    private static func rememberedOrProbedRenderer() -> String? {
        guard let display = gdk_display_get_default(), let name = gdk_display_get_name(display) else { return glRenderer() }
        let fingerprint = GraphicsFingerprint.current(displayName: String(cString: name))
        // A small file of ours: at most 4 KiB read, two lines.
        if let handle = try? FileHandle(forReadingFrom: rememberedFile), let data = try? handle.read(upToCount: 4_096) {
            try? handle.close()
            let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            if lines.count >= 2, lines[0] == fingerprint {
                return lines[1].isEmpty ? nil : String(lines[1].prefix(200))
            }
        }
        let probed = glRenderer()
        let text = fingerprint + "\n" + (probed ?? "").replacingOccurrences(of: "\n", with: " ") + "\n"
        try? FileManager.default.createDirectory(at: rememberedFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(text.utf8).write(to: rememberedFile, options: .atomic)
        return probed
    }

    /// The `GL_RENDERER` string of an OpenGL context made on the default
    /// display, the way GTK's GL renderer makes its own; nil when none can
    /// be made (no GL, `GDK_DEBUG=gl-disable`, a display without GL).
    private static func glRenderer() -> String? {
        guard let display = gdk_display_get_default() else { return nil }
        var error: UnsafeMutablePointer<GError>?
        defer { if let error { g_error_free(error) } }
        guard let context = gdk_display_create_gl_context(display, &error) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        guard gdk_gl_context_realize(context, &error) != 0 else { return nil }
        gdk_gl_context_make_current(context)
        defer { gdk_gl_context_clear_current() }
        return flick_gl_renderer().map { String(cString: $0) }
    }
}
