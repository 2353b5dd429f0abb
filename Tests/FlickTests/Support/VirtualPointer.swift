import Foundation

/// A pointer on a wlroots compositor (sway), driven through the
/// VirtualPointerProbe client: touchpad swipes as finger scrolls in surface
/// pixels ending with the fingers' lift (`axis_stop`), and wheel notches.
/// Each call returns once the compositor has handled its events.
final class VirtualPointer {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()

    /// The probe's binary, built beside the test bundle.
    static var binary: URL {
        AppProcess.binary.deletingLastPathComponent().appendingPathComponent("VirtualPointerProbe")
    }

    init(waylandDisplay: String) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary.path) else {
            throw X11.Failure(message: "VirtualPointerProbe was not built beside the tests (\(Self.binary.path))")
        }
        process.executableURL = Self.binary
        process.environment = ["WAYLAND_DISPLAY": waylandDisplay]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        try sync()
    }

    deinit {
        try? input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(3)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Runs `commands` (see the probe), then waits until the compositor has
    /// handled them; throws when the probe refuses one or dies.
    func run(_ commands: [String]) throws {
        let text = (commands + ["sync"]).joined(separator: "\n") + "\n"
        try input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
        try waitForOK()
    }

    private func sync() throws {
        try run([])
    }

    /// Reads the probe's "ok" (one line) after a `sync`.
    private func waitForOK() throws {
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty {
                let said = String(decoding: errors.fileHandleForReading.availableData, as: UTF8.self)
                throw X11.Failure(message: "the virtual pointer stopped: \(said)")
            }
            line.append(chunk)
        }
        guard String(decoding: line, as: UTF8.self).hasPrefix("ok") else {
            throw X11.Failure(message: "the virtual pointer said: \(String(decoding: line, as: UTF8.self))")
        }
    }

    /// Puts the pointer on the output's point (x, y), so the window under it
    /// gets the scrolls.
    func move(toX x: Int, y: Int) throws {
        try run(["at \(x) \(y) \(HeadlessSway.outputSize.width) \(HeadlessSway.outputSize.height)"])
    }

    /// One touchpad gesture: `moves` are (pixels, milliseconds before the
    /// next move) pairs scrolled on `axis` ("v" or "h"; positive pixels
    /// scroll down or right: towards the next post); the fingers lift at the
    /// end when `lift` (with no lift the gesture is left open, as when a
    /// compositor drops the stop).
    func gesture(_ moves: [(pixels: Double, milliseconds: Double)], axis: String = "v", lift: Bool = true) throws {
        var commands: [String] = []
        for move in moves {
            if move.pixels != 0 { commands.append("scroll \(axis) \(move.pixels)") }
            if move.milliseconds > 0 { commands.append("wait \(move.milliseconds)") }
        }
        if lift { commands.append("stop \(axis)") }
        try run(commands)
    }

    /// A swipe of `pixels` spread evenly over `milliseconds` in `steps`
    /// scroll events, then the lift.
    func swipe(pixels: Double, milliseconds: Double, steps: Int = 12, axis: String = "v", lift: Bool = true) throws {
        let each = (pixels / Double(steps), milliseconds / Double(steps))
        try gesture(Array(repeating: each, count: steps), axis: axis, lift: lift)
    }

    /// `count` wheel notches, `milliseconds` apart (positive: down).
    func notches(_ count: Int, down: Bool = true, milliseconds: Double = 0, axis: String = "v") throws {
        var commands: [String] = []
        for index in 0..<count {
            commands.append("notch \(axis) \(down ? 1 : -1)")
            if index < count - 1, milliseconds > 0 { commands.append("wait \(milliseconds)") }
        }
        try run(commands)
    }
}
