import Foundation

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

    /// Stops the Xvfb this display started, if any.
    func close() {
        if let xvfb { ChildProcess.stop(xvfb) }
    }

    deinit { close() }

    /// The first line `handle` gives within `timeout` seconds, trimmed.
    private static func readLine(from handle: FileHandle, timeout: TimeInterval) -> String? {
        final class Box: @unchecked Sendable { var text = ""; let done = DispatchSemaphore(value: 0); var signalled = false }
        let box = Box()
        let lock = NSLock()
        handle.readabilityHandler = { handle in
            let chunk = handle.availableData
            lock.lock(); defer { lock.unlock() }
            box.text += String(decoding: chunk, as: UTF8.self)
            if (chunk.isEmpty || box.text.contains("\n")) && !box.signalled {
                box.signalled = true
                box.done.signal()
            }
        }
        _ = box.done.wait(timeout: .now() + timeout)
        handle.readabilityHandler = nil
        lock.lock(); defer { lock.unlock() }
        return box.text.split(separator: "\n").first.map { $0.trimmingCharacters(in: .whitespaces) }
    }
}
