import Foundation
import Testing

/// Windows of the app under test beyond its main one, and a window manager
/// for what only one provides (fullscreen is a request the window manager
/// carries out: with none, as on a bare Xvfb, nothing happens).
extension X11 {
    /// Waits until a visible window of `pid` has a title matching the
    /// (xdotool ORs its conditions unless told `--all`)
    /// regular expression `name`; returns its id, nil after `timeout` seconds.
    static func window(named name: String, pid: Int32, timeout: TimeInterval = 10) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            let found = (try? run(["xdotool", "search", "--all", "--onlyvisible", "--pid", "\(pid)", "--name", name], allowFailure: true)) ?? ""
            if let id = found.split(separator: "\n").map(String.init).first(where: { Int($0) != nil }) { return id }
            usleep(100_000)
        } while Date() < deadline
        return nil
    }

    /// Waits until `window`'s size satisfies `predicate`; returns the last size seen.
    @discardableResult
    static func waitForGeometry(_ window: String, timeout: TimeInterval = 10,
                                _ predicate: ((Int, Int)) -> Bool) throws -> (Int, Int) {
        let deadline = Date().addingTimeInterval(timeout)
        var size = try geometry(window)
        while !predicate(size), Date() < deadline {
            usleep(100_000)
            size = try geometry(window)
        }
        return size
    }

    /// The screen's size in pixels.
    static func screenSize() throws -> (Int, Int) {
        let parts = try run(["xdotool", "getdisplaygeometry"]).split(separator: " ")
            .compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard parts.count == 2 else { throw Failure(message: "cannot read the screen size") }
        return (parts[0], parts[1])
    }
}

/// Openbox on the test display for as long as the value lives.
final class WindowManager {
    private let process = Process()

    /// Starts openbox and waits until it manages the screen (its startup
    /// command has run); throws when it is not installed or does not start.
    init() throws {
        let ready = FileManager.default.temporaryDirectory.appendingPathComponent("flick-wm-\(UUID().uuidString)")
        guard let openbox = ["/usr/bin/openbox", "/usr/local/bin/openbox"].first(where: FileManager.default.isExecutableFile) else {
            throw X11.Failure(message: "openbox is not installed (meson-helpers/setup-debian.sh installs it): fullscreen needs a window manager")
        }
        process.executableURL = URL(fileURLWithPath: openbox)
        process.arguments = ["--sm-disable", "--startup", "touch \(ready.path)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: ready.path), process.isRunning, Date() < deadline { usleep(50_000) }
        try? FileManager.default.removeItem(at: ready)
        guard process.isRunning, Date() < deadline else {
            stop()
            throw X11.Failure(message: "openbox did not start on \(ProcessInfo.processInfo.environment["DISPLAY"] ?? "no display")")
        }
    }

    deinit { stop() }

    /// Ends openbox: SIGTERM, then SIGKILL after 2 s (it can miss SIGTERM
    /// while it waits on its startup command).
    func stop() {
        process.stop(grace: 2)
    }
}
