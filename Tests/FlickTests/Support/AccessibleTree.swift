import Foundation

/// The app's accessible tree as a screen reader reads it: AT-SPI over a
/// private session bus, walked by `accessible-tree.py` (python3-pyatspi).
/// Start the app with ``environment`` so it joins the same bus.
final class AccessibleTree {
    /// One node, in document order.
    struct Node: Decodable {
        var depth: Int
        var role: String
        var name: String
        var description: String
        var showing: Bool
        var visible: Bool
        var actions: [String]
        /// Where it is in its window, `[x, y, width, height]` in logical
        /// pixels, when it says.
        var extents: [Int]?
    }

    let bus: PrivateSessionBus
    private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("accessible-tree.py")

    init() throws { bus = try PrivateSessionBus() }

    /// On a bus the test made already (one with a keyring on it).
    init(bus: PrivateSessionBus) { self.bus = bus }

    /// What the app needs to expose its tree on this bus.
    var environment: [String: String] { bus.environment.merging(["GTK_A11Y": "atspi"]) { _, new in new } }

    /// The tree of the app with process id `pid`, once it is on the bus
    /// (for at most `timeout` seconds).
    func nodes(of pid: Int32, timeout: TimeInterval = 15) throws -> [Node] {
        let output = try runWhenOnBus(["dump", "\(pid)"], timeout: timeout)
        return try JSONDecoder().decode([Node].self, from: Data(output.utf8))
    }

    /// Runs the first action of the first node named `name`.
    /// Waits (at most `timeout` seconds) for the app to be on the bus.
    func press(_ name: String, in pid: Int32, timeout: TimeInterval = 15) throws {
        _ = try runWhenOnBus(["press", "\(pid)", name], timeout: timeout)
    }

    /// Runs the helper until the app is on the bus (it exits 2 while it is
    /// not), for at most `timeout` seconds; its output, or why it failed.
    private func runWhenOnBus(_ arguments: [String], timeout: TimeInterval) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let (status, output) = try run(arguments)
            if status == 0 { return output }
            guard status == 2, Date() < deadline else {
                throw X11.Failure(message: "accessible-tree.py \(arguments.joined(separator: " ")) exited with \(status): \(output)")
            }
            usleep(200_000)
        }
    }

    private func run(_ arguments: [String]) throws -> (Int32, String) {
        let tool = Process()
        tool.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        tool.arguments = [Self.script.path] + arguments
        tool.environment = ProcessInfo.processInfo.environment.merging(bus.environment) { _, bus in bus }
        let out = Pipe()
        let err = Pipe()
        tool.standardOutput = out
        tool.standardError = err
        try tool.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        tool.waitUntilExit()
        return (tool.terminationStatus, String(decoding: tool.terminationStatus == 0 ? data : errors, as: UTF8.self))
    }
}
