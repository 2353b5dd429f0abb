import CEpoxy
import CGLib
import CGtk
import FeedCore
import FeedGObject
import FeedMedia
import Foundation

/// Picks GTK's renderer for Flick's windows (see `RendererChoice`): asks
/// OpenGL which renderer it runs on and, where that is a software
/// rasterizer, sets `GSK_RENDERER=cairo`. GTK reads that variable when it
/// realizes its first window, so this runs before any window exists. GTK
/// thread, after GTK is initialized. The probe's answer is kept in the
/// cache folder with the graphics it was made under and used again while
/// they stay the same: making a context costs ~100 ms of every launch on
/// a software rasterizer. Where nothing is kept for these graphics (a
/// first launch, a cleared cache, new graphics) the launch draws with
/// cairo, which needs no probe, and a process of its own (``runProbe()``)
/// asks OpenGL for the next launch once the window has shown, instead of
/// a GL context made on the GTK thread before the first frame
/// (BENCHMARKS.md, "A first launch").
@MainActor
enum RendererSetup {
    /// Decides and applies the choice. Called once, from the first
    /// activation, before the window is built.
    static func apply() {
        // GDK read it when the display opened; programs Flick starts get the user's own.
        if let userDebug = debugBeforeGTK {
            if let value = userDebug { g_setenv("GDK_DEBUG", value, 1) } else { g_unsetenv("GDK_DEBUG") }
            debugBeforeGTK = nil
        }
        if probeForNextLaunch {
            probeForNextLaunch = false
            MainLoopSource.after(milliseconds: probeDelayMilliseconds) { startProbe() }
            return
        }
        let user = g_getenv("GSK_RENDERER").map { String(cString: $0) }
        // A renderer the user names wins; no need to ask OpenGL.
        let gl = user?.isEmpty == false ? nil : rememberedOrProbedRenderer()
        guard RendererChoice.decide(userRenderer: user, glRenderer: gl) == .cairo else { return }
        // Before any window is realized and before the feed's threads start.
        g_setenv("GSK_RENDERER", "cairo", 1)
    }

    /// `GDK_DEBUG` as it was before ``prepareBeforeGTK()`` added
    /// `gl-disable` (the inner nil: unset); nil when it added nothing.
    private static var debugBeforeGTK: String??
    /// Nothing was kept for these graphics: this launch draws with cairo
    /// and the probe runs for the next one.
    private static var probeForNextLaunch = false
    /// How long after the window is built the probe starts, in ms: after
    /// the first frame, so it never competes with it.
    static let probeDelayMilliseconds: UInt32 = 3_000
    /// The environment variable that makes `flick` the probe process.
    static let probeVariable = "FLICK_RENDERER_PROBE"

    /// Before GTK opens its display: where the last launch found a software
    /// rasterizer under the same graphics, chooses cairo now and tells GDK
    /// not to open OpenGL at all (`GDK_DEBUG=gl-disable`). GDK 4.8 on X11
    /// makes an EGL display as it opens, which loads Mesa and its LLVM:
    /// about 59 MiB resident and part of every launch, for a renderer the
    /// window never uses. Where nothing is remembered for these graphics,
    /// the same: this launch draws with cairo and ``apply()`` has the
    /// probe run for the next. Where a hardware renderer is remembered,
    /// nothing is done here and GTK opens OpenGL as it would.
    static func prepareBeforeGTK() {
        let environment = ProcessInfo.processInfo.environment
        guard environment["GSK_RENDERER"]?.isEmpty != false else { return } // the user's choice stands
        // The display GDK will open: Wayland first unless GDK_BACKEND says X11.
        let backend = environment["GDK_BACKEND"] ?? ""
        let wayland = backend.hasPrefix("x11") ? nil : environment["WAYLAND_DISPLAY"].flatMap { $0.isEmpty ? nil : $0 }
        guard let displayName = wayland ?? environment["DISPLAY"], !displayName.isEmpty else { return }
        switch remembered(fingerprint: GraphicsFingerprint.current(displayName: displayName)) {
        case nil:
            probeForNextLaunch = true
        case let remembered??:
            guard RendererChoice.decide(userRenderer: nil, glRenderer: remembered) == .cairo else { return }
        case .some(nil):
            return // no context could be made: GTK finds its own way, as before
        }
        g_setenv("GSK_RENDERER", "cairo", 1)
        let debug = environment["GDK_DEBUG"]
        debugBeforeGTK = .some(debug)
        g_setenv("GDK_DEBUG", debug.map { $0.isEmpty ? "gl-disable" : $0 + ",gl-disable" } ?? "gl-disable", 1)
    }

    /// Where the last probe's answer is kept: the fingerprint it was made
    /// under, then the `GL_RENDERER` string (empty: no context could be made).
    private static var rememberedFile: URL { PrivateFiles.cacheFolder.appendingPathComponent("gl-renderer") }

    /// The `GL_RENDERER` the last launch found under the same graphics
    /// (``GraphicsFingerprint``), else a probe's, kept for the next launch.
    private static func rememberedOrProbedRenderer() -> String? {
        guard let display = gdk_display_get_default(), let name = gdk_display_get_name(display) else { return glRenderer() }
        let fingerprint = GraphicsFingerprint.current(displayName: String(cString: name))
        if let remembered = remembered(fingerprint: fingerprint) { return remembered }
        return probeAndRemember(fingerprint: fingerprint)
    }

    /// Asks OpenGL and keeps the answer under `fingerprint`.
    private static func probeAndRemember(fingerprint: String) -> String? {
        let probed = glRenderer()
        let text = fingerprint + "\n" + (probed ?? "").replacingOccurrences(of: "\n", with: " ") + "\n"
        try? FileManager.default.createDirectory(at: rememberedFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(text.utf8).write(to: rememberedFile, options: .atomic)
        return probed
    }

    /// Starts this program again as the probe (``probeVariable``), at the
    /// lowest priority, not waited for: it opens the display, asks OpenGL,
    /// keeps the answer and exits. The user's `GDK_DEBUG` is back by now.
    private static func startProbe() {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        probe.arguments = []
        probe.environment = ProcessInfo.processInfo.environment.merging([probeVariable: "1"]) { $1 }
        probe.standardInput = FileHandle.nullDevice
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        try? probe.run()
    }

    /// The probe process's work (`flick` started with ``probeVariable``
    /// set): opens the display, asks OpenGL and keeps what it says for
    /// the graphics in use. Returns the exit status.
    static func runProbe() -> Int32 {
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
        guard gtk_init_check() != 0, let display = gdk_display_get_default(), let name = gdk_display_get_name(display) else {
            return 1
        }
        _ = probeAndRemember(fingerprint: GraphicsFingerprint.current(displayName: String(cString: name)))
        return 0
    }

    /// The kept answer for `fingerprint`: nil when none is kept for it,
    /// `.some(nil)` when no context could be made then. A small file of
    /// ours: at most 4 KiB read, two lines.
    private static func remembered(fingerprint: String) -> String?? {
        guard let handle = try? FileHandle(forReadingFrom: rememberedFile), let data = try? handle.read(upToCount: 4_096) else {
            return nil
        }
        try? handle.close()
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 2, lines[0] == fingerprint else { return nil }
        return .some(lines[1].isEmpty ? nil : String(lines[1].prefix(200)))
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
