import CGLib
import Foundation

/// What the OpenGL a window gets depends on, read without making a GL
/// context (which takes ~100 ms on a software rasterizer): the display
/// GDK opens, the GPUs' render nodes and their vendor and device ids, the
/// Mesa drivers installed (their folder changes with an update) and the
/// variables that steer Mesa. Equal fingerprints give the same
/// `GL_RENDERER`; a new GPU, driver or display makes a new one. GTK
/// thread, before the first window; reads a few small files.
enum GraphicsFingerprint {
    static let steering = ["GDK_BACKEND", "GDK_DEBUG", "LIBGL_ALWAYS_SOFTWARE", "GALLIUM_DRIVER",
                           "MESA_LOADER_DRIVER_OVERRIDE", "__GLX_VENDOR_LIBRARY_NAME", "__EGL_VENDOR_LIBRARY_FILENAMES"]

    static func current(displayName: String) -> String {
        // The kind of display and its host (a remote X server has its own GL); not the display's number.
        let host = displayName.contains(":") ? String(displayName.prefix { $0 != ":" }) : ""
        var parts = ["display=\(displayName.hasPrefix("wayland") ? "wayland" : "x11"):\(host)"]
        let environment = ProcessInfo.processInfo.environment
        for name in steering { parts.append("\(name)=\(environment[name] ?? "")") }
        let drm = URL(fileURLWithPath: "/sys/class/drm")
        let nodes = ((try? FileManager.default.contentsOfDirectory(atPath: drm.path)) ?? [])
            .filter { $0.hasPrefix("renderD") }.sorted()
        for node in nodes {
            let device = drm.appendingPathComponent(node).appendingPathComponent("device")
            let vendor = (try? String(contentsOf: device.appendingPathComponent("vendor"), encoding: .utf8)) ?? ""
            let model = (try? String(contentsOf: device.appendingPathComponent("device"), encoding: .utf8)) ?? ""
            parts.append("\(node)=\(vendor.trimmingCharacters(in: .whitespacesAndNewlines)):\(model.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        for folder in ["/usr/lib/x86_64-linux-gnu/dri", "/usr/lib/aarch64-linux-gnu/dri", "/usr/lib/dri"] {
            if let modified = (try? FileManager.default.attributesOfItem(atPath: folder))?[.modificationDate] as? Date {
                parts.append("\(folder)=\(Int(modified.timeIntervalSince1970))")
            }
        }
        return parts.joined(separator: ";")
    }
}
