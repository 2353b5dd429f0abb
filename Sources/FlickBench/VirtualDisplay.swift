import FeedGObject
import Foundation
import Synchronization

/// The display the bench's windows open on: the session's own when there
/// is one, else an Xvfb started for the bench (`-displayfd`, as the test
/// script does) and stopped by its process id at the end. Main thread.
final class VirtualDisplay {
    /// Variables to set for the app (DISPLAY, GDK_BACKEND) and to remove.
    let environment: [String: String]
    let removed: [String]
    /// "Xvfb", "X11" or "Wayland", for the machine column.
    let kind: String
    private let xvfb: Process?
    /// openbox on the bench's own Xvfb, for `hidden` (a window is minimised
    /// only where a window manager does it).
    private var windowManager: Process?

    enum Failure: Error, CustomStringConvertible {
        case missing
        case didNotStart(String)

        var description: String {
            switch self {
            case .missing: return "there is no display and Xvfb is not installed (apt install xvfb), so the bench has nowhere to open its window"
            case .didNotStart(let why): return "Xvfb did not start: \(why)"
            }
        }
    }

    private init(environment: [String: String], removed: [String], kind: String, xvfb: Process?) {
        self.environment = environment
        self.removed = removed
        self.kind = kind
        self.xvfb = xvfb
    }

    /// The session's display, or a new Xvfb when there is none.
    static func open(environment current: [String: String] = ProcessInfo.processInfo.environment,
                     interrupt: BenchInterrupt? = nil) throws -> VirtualDisplay {
        if current["DISPLAY"]?.isEmpty == false || current["WAYLAND_DISPLAY"]?.isEmpty == false {
            let kind = current["WAYLAND_DISPLAY"]?.isEmpty == false ? "Wayland" : "X11"
            return VirtualDisplay(environment: [:], removed: [], kind: kind, xvfb: nil)
        }
        guard let executable = ChildProcess.find("Xvfb") else { throw Failure.missing }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        // -displayfd 1: Xvfb picks a free display and writes its number on stdout.
        process.arguments = ["-displayfd", "1", "-screen", "0", "1280x1024x24", "-nolisten", "tcp", "-noreset"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { throw Failure.didNotStart("\(error)") }
        interrupt?.track(process.processIdentifier)
        let number = readLine(from: out.fileHandleForReading, timeout: 15)
        guard let number, Int(number) != nil else {
            ChildProcess.stop(process)
            throw Failure.didNotStart(process.isRunning ? "it printed no display number" : "it exited")
        }
        return VirtualDisplay(environment: ["DISPLAY": ":\(number)", "GDK_BACKEND": "x11"], removed: ["WAYLAND_DISPLAY"],
                              kind: "Xvfb", xvfb: process)
    }

    /// Stops the window manager and the Xvfb this display started, if any.
    func close() {
        if let windowManager { ChildProcess.stop(windowManager) }
        windowManager = nil
        if let xvfb { ChildProcess.stop(xvfb) }
    }

    /// Makes sure a window manager runs: a session's display has its own;
    /// on the bench's Xvfb, openbox is started and waited for (its startup
    /// command has run). Returns why not when there is none.
    func startWindowManager(interrupt: BenchInterrupt?) -> String? {
        guard xvfb != nil, windowManager == nil else { return nil }
        guard let openbox = ChildProcess.find("openbox") else {
            return "openbox is not installed (meson-helpers/setup-debian.sh installs it)"
        }
        let ready = FileManager.default.temporaryDirectory.appendingPathComponent("flick-bench-wm-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: ready) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: openbox)
        process.arguments = ["--sm-disable", "--startup", "touch \(ready.path)"]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return "openbox did not start: \(error)" }
        interrupt?.track(process.processIdentifier)
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: ready.path), process.isRunning, Date() < deadline { usleep(50_000) }
        guard process.isRunning, FileManager.default.fileExists(atPath: ready.path) else {
            ChildProcess.stop(process)
            return "openbox did not start on the bench's display"
        }
        windowManager = process
        return nil
    }

    deinit { close() }

    /// The first line `handle` gives within `timeout` seconds, trimmed.
    private static func readLine(from handle: FileHandle, timeout: TimeInterval) -> String? {
        /// What the handler read so far, and whether it said a line is there.
        final class Box: Sendable {
            let read = Mutex((text: "", signalled: false))
            let done = PendingWork()
        }
        let box = Box()
        box.done.enter()
        handle.readabilityHandler = { handle in
            let chunk = handle.availableData
            let complete = box.read.withLock { read -> Bool in
                read.text += String(decoding: chunk, as: UTF8.self)
                guard (chunk.isEmpty || read.text.contains("\n")) && !read.signalled else { return false }
                read.signalled = true
                return true
            }
            if complete { box.done.leave() }
        }
        _ = box.done.wait(seconds: timeout)
        handle.readabilityHandler = nil
        let text = box.read.withLock { $0.text }
        return text.split(separator: "\n").first.map { $0.trimmingCharacters(in: .whitespaces) }
    }
}
