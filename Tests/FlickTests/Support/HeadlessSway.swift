import Foundation

/// sway 1.7 (wlroots) on a headless output of 720×1280 for as long as the
/// value lives: a real Wayland compositor whose virtual-pointer protocol
/// delivers what a touchpad does. With `xwayland`, it also runs an X server
/// (Xwayland) whose windows it shows, for GTK's X11 backend under the same
/// input.
///
/// sway refuses to run as root, so as root it runs as nobody, in a runtime
/// folder that user owns; Xwayland then lets in only clients of that user.
final class HeadlessSway {
    /// The output's size in pixels.
    static let outputSize = (width: 720, height: 1280)

    private let process = Process()
    /// sway's configuration and runtime folders (removed at the end).
    private let folder: URL
    private let runtime: URL
    /// The runtime folder of the app under test (GDK's Wayland backend wants one).
    private let appRuntime: URL
    /// The Wayland socket's absolute path, for WAYLAND_DISPLAY.
    let waylandDisplay: String
    /// Xwayland's display (":1"), when asked for.
    let xDisplay: String?
    /// The wrapper that runs a process as the compositor's user (empty when
    /// the tests do not run as root).
    let asCompositorUser: [String]

    /// Starts sway and waits for its socket (and Xwayland's display);
    /// throws, saying what is missing, when it is not installed or does not start.
    init(xwayland: Bool = false) throws {
        guard let sway = ["/usr/bin/sway", "/usr/local/bin/sway"].first(where: FileManager.default.isExecutableFile) else {
            throw X11.Failure(message: "sway is not installed (meson-helpers/setup-debian.sh installs it): the touchpad tests need a real Wayland compositor")
        }
        if xwayland, !FileManager.default.isExecutableFile(atPath: "/usr/bin/Xwayland") {
            throw X11.Failure(message: "Xwayland is not installed (meson-helpers/setup-debian.sh installs it): the X11 wheel tests run in it")
        }
        let root = getuid() == 0
        asCompositorUser = root ? ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"] : []
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-sway-\(UUID().uuidString)")
        runtime = folder.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: runtime.path)
        if root { try Self.giveToNobody(runtime) }
        let displayFile = runtime.appendingPathComponent("x-display")
        let config = folder.appendingPathComponent("config")
        var lines = [
            "output HEADLESS-1 resolution \(Self.outputSize.width)x\(Self.outputSize.height) position 0 0",
            "default_border none",
            "default_floating_border none",
            "focus_follows_mouse no",
            xwayland ? "xwayland force" : "xwayland disable",
        ]
        // sway gives its children the X display it started: write it down.
        if xwayland { lines.append("exec echo \"$DISPLAY\" > \(displayFile.path)") }
        try (lines.joined(separator: "\n") + "\n").write(to: config, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: config.path)

        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["-i", "PATH=/usr/bin:/bin", "HOME=\(runtime.path)", "XDG_RUNTIME_DIR=\(runtime.path)",
                             "WLR_BACKENDS=headless", "WLR_LIBINPUT_NO_DEVICES=1", "WLR_RENDERER=pixman"]
            + asCompositorUser + [sway, "-c", config.path]
        let log = folder.appendingPathComponent("sway.log")
        try process.run(loggingTo: log)

        var socket: String?
        var display: String?
        let deadline = Date().addingTimeInterval(15)
        while process.isRunning, Date() < deadline {
            socket = socket ?? (try? FileManager.default.contentsOfDirectory(atPath: runtime.path))?
                .first { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }
            if xwayland, display == nil, let text = try? String(contentsOf: displayFile, encoding: .utf8),
               text.hasSuffix("\n"), text.hasPrefix(":") {
                display = text.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            if socket != nil, !xwayland || display != nil { break }
            usleep(50_000)
        }
        guard let socket, process.isRunning, !xwayland || display != nil else {
            let said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            process.stop(grace: 3)
            try? FileManager.default.removeItem(at: folder)
            throw X11.Failure(message: "sway did not start\(xwayland ? " with Xwayland" : ""): \(said.suffix(2000))")
        }
        waylandDisplay = runtime.appendingPathComponent(socket).path
        xDisplay = display
        appRuntime = folder.appendingPathComponent("app-runtime")
        try FileManager.default.createDirectory(at: appRuntime, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: appRuntime.path)
    }

    deinit {
        process.stop(grace: 3)
        try? FileManager.default.removeItem(at: folder)
    }

    /// Environment for the app on this compositor through GTK's Wayland
    /// backend (GDK connects only with a runtime folder: one of the app's own).
    var waylandEnvironment: [String: String] {
        ["GDK_BACKEND": "wayland", "WAYLAND_DISPLAY": waylandDisplay, "XDG_RUNTIME_DIR": appRuntime.path]
    }

    /// A folder the compositor's user may write to, for the app run as that user.
    func userFolder(_ name: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        if getuid() == 0 { try Self.giveToNobody(url) }
        return url
    }

    /// A virtual pointer on this compositor.
    func pointer() throws -> VirtualPointer {
        try VirtualPointer(waylandDisplay: waylandDisplay)
    }

    private static func giveToNobody(_ url: URL) throws {
        guard chown(url.path, 65534, 65534) == 0 else {
            throw X11.Failure(message: "cannot give \(url.path) to nobody: errno \(errno)")
        }
    }

}
