import Foundation
import Testing

/// A D-Bus session bus of the test's own (dbus-daemon with the session
/// configuration), so the app's MPRIS player can be called without touching
/// the desktop's bus. Stopped when the value goes away.
final class PrivateSessionBus {
    private let process = Process()
    /// The bus's address, for DBUS_SESSION_BUS_ADDRESS.
    let address: String

    /// Starts dbus-daemon and waits for it to print its address.
    /// `services`: a folder of `.service` files the bus may start on
    /// demand (D-Bus activation), besides the system's.
    /// `activation` false: a bus that starts no service on demand (none of
    /// the system's either), as a desktop without them is.
    init(services: URL? = nil, activation: Bool = true) throws {
        guard let daemon = ["/usr/bin/dbus-daemon", "/bin/dbus-daemon"].first(where: FileManager.default.isExecutableFile) else {
            throw X11.Failure(message: "dbus-daemon is not installed (meson-helpers/setup-debian.sh installs it)")
        }
        process.executableURL = URL(fileURLWithPath: daemon)
        var config = "/usr/share/dbus-1/session.conf"
        if let services {
            // The session configuration, and one more service folder.
            let file = services.appendingPathComponent("bus.conf")
            try """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <include>/usr/share/dbus-1/session.conf</include>
              <servicedir>\(services.path)</servicedir>
            </busconfig>
            """.write(to: file, atomically: true, encoding: .utf8)
            config = file.path
        }
        if !activation {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("flick-bus-\(UUID().uuidString).conf")
            try """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>unix:tmpdir=/tmp</listen>
              <auth>EXTERNAL</auth>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>
            """.write(to: file, atomically: true, encoding: .utf8)
            config = file.path
        }
        process.arguments = ["--config-file=\(config)", "--nofork", "--nopidfile", "--print-address=1"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The daemon prints its address, one line, once it listens.
        var text = ""
        while !text.contains("\n") {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        address = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !address.isEmpty else {
            stop()
            throw X11.Failure(message: "dbus-daemon printed no address")
        }
    }

    deinit { stop() }

    /// The environment a client of this bus needs.
    var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address] }

    /// Runs `gdbus ARGUMENTS` on this bus; returns its exit status and output.
    @discardableResult
    func gdbus(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try run(["gdbus"] + arguments)
    }

    /// Runs the tool and arguments `command` on this bus: its status and output.
    private func run(_ command: [String]) throws -> (status: Int32, output: String) {
        let tool = Process()
        tool.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        tool.arguments = command
        tool.environment = ProcessInfo.processInfo.environment.merging(environment) { _, bus in bus }
        let out = Pipe()
        tool.standardOutput = out
        tool.standardError = out
        try tool.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        tool.waitUntilExit()
        return (tool.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Runs `playerctl --player=flick ARGUMENTS` on this bus, as a
    /// desktop's remote would; what it printed, trimmed.
    func playerctl(_ arguments: [String]) throws -> String {
        let result = try run(["playerctl", "--player=flick"] + arguments)
        #expect(result.status == 0, "playerctl \(arguments): \(result.output)")
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Ends the daemon: SIGTERM, then SIGKILL after 2 s (a child of the
    /// test runner may not see SIGTERM, as openbox in DesktopX11).
    func stop() {
        process.stop(grace: 2)
    }
}
