import CEpoxy
import CGLib
import CGtk
import FeedCore
import Foundation

/// Picks GTK's renderer for Flick's windows (see `RendererChoice`): asks
/// OpenGL which renderer it runs on and, where that is a software
/// rasterizer, sets `GSK_RENDERER=cairo`. GTK reads that variable when it
/// realizes its first window, so this runs before any window exists. GTK
/// thread, after GTK is initialized.
@MainActor
enum RendererSetup {
    /// Decides and applies the choice. Called once, from the first
    /// activation, before the window is built.
    static func apply() {
        let user = g_getenv("GSK_RENDERER").map { String(cString: $0) }
        // A renderer the user names wins; no need to ask OpenGL.
        let gl = user?.isEmpty == false ? nil : glRenderer()
        guard RendererChoice.decide(userRenderer: user, glRenderer: gl) == .cairo else { return }
        // Before any window is realized and before the feed's threads start.
        g_setenv("GSK_RENDERER", "cairo", 1)
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
