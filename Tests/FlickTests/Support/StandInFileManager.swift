import Foundation

/// A file manager on a test's private bus (`file-manager.py`): it owns
/// `org.freedesktop.FileManager1` as Files does and keeps what it was asked
/// to show. Stopped when the value goes away.
final class StandInFileManager {
    private let process = Process()
    /// Each call it got, as "METHOD URI" lines.
    private let record: URL
    private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("file-manager.py")

    /// Starts it on `bus` and waits (at most 10 s) until it owns the name.
    init(bus: PrivateSessionBus) throws {
        record = FileManager.default.temporaryDirectory.appendingPathComponent("flick-file-manager-\(UUID().uuidString)")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [Self.script.path, record.path]
        process.environment = ProcessInfo.processInfo.environment.merging(bus.environment) { _, bus in bus }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let ready = out.fileHandleForReading.availableData
        guard String(decoding: ready, as: UTF8.self).hasPrefix("ready") else {
            stop()
            throw X11.Failure(message: "the stand-in file manager did not take its name on the bus")
        }
    }

    deinit { stop() }

    /// The calls so far, "METHOD URI" each, once there is one (for at most `timeout` seconds).
    func calls(timeout: TimeInterval) -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let text = (try? String(contentsOf: record, encoding: .utf8)) ?? ""
            if !text.isEmpty || Date() >= deadline { return text.split(separator: "\n").map(String.init) }
            usleep(100_000)
        }
    }

    func stop() {
        process.stop(grace: 2)
        try? FileManager.default.removeItem(at: record)
    }
}
