import Foundation

/// A desktop for the account tests, of the test's own: a private session
/// bus, a real keyring on it (gnome-keyring-daemon, unlocked with a test
/// password) unless `keyring` is false, settings kept on disk (GSettings'
/// keyfile backend), and a stand-in browser: a `.desktop` file registered
/// in `mimeapps.list` as the handler of http and https, whose command
/// follows the address it is given (redirects included) the way a
/// browser loads a page, so the app's real "open in the browser" path runs.
final class AccountDesktop {
    let home: URL
    let bus: PrivateSessionBus
    private var keyring: Process?

    init(keyring withKeyring: Bool = true) throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("flick-accounts-\(UUID().uuidString)")
        let applications = home.appendingPathComponent("data/applications")
        let config = home.appendingPathComponent("config")
        let runtime = home.appendingPathComponent("run")
        for folder in [applications, config, runtime] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: runtime.path)
        let browser = home.appendingPathComponent("browser.py")
        try """
        import sys, urllib.request
        with open(sys.argv[0] + ".log", "a") as log:
            log.write(sys.argv[1] + "\\n")
        urllib.request.urlopen(sys.argv[1], timeout=20).read()
        """.write(to: browser, atomically: true, encoding: .utf8)
        try """
        [Desktop Entry]
        Type=Application
        Name=Test browser
        Exec=python3 \(browser.path) %u
        MimeType=x-scheme-handler/http;x-scheme-handler/https;
        NoDisplay=true
        """.write(to: applications.appendingPathComponent("flick-test-browser.desktop"), atomically: true, encoding: .utf8)
        try """
        [Default Applications]
        x-scheme-handler/http=flick-test-browser.desktop
        x-scheme-handler/https=flick-test-browser.desktop
        """.write(to: config.appendingPathComponent("mimeapps.list"), atomically: true, encoding: .utf8)
        // Without a keyring, none can be started on demand either.
        bus = try PrivateSessionBus(activation: withKeyring)
        if withKeyring { try startKeyring() }
    }

    deinit {
        keyring?.stop(grace: 2)
        bus.stop()
        try? FileManager.default.removeItem(at: home)
    }

    /// What the app and the tools run with.
    var environment: [String: String] {
        bus.environment.merging([
            "HOME": home.path,
            "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "XDG_DATA_HOME": home.appendingPathComponent("data").path,
            "XDG_RUNTIME_DIR": home.appendingPathComponent("run").path,
            "GSETTINGS_BACKEND": "keyfile",
        ]) { _, own in own }
    }

    /// The addresses the stand-in browser was asked to open.
    var browserOpened: [String] {
        let log = (try? String(contentsOf: home.appendingPathComponent("browser.py.log"), encoding: .utf8)) ?? ""
        return log.split(separator: "\n").map(String.init)
    }

    private func startKeyring() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gnome-keyring-daemon", "--foreground", "--unlock", "--components=secrets"]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, own in own }
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        keyring = process
        input.fileHandleForWriting.write(Data("flick-test-password".utf8))
        try input.fileHandleForWriting.close()
        // Ready once it owns the Secret Service's name on the bus.
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
            let (_, output) = try bus.gdbus(["call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                                             "--method", "org.freedesktop.DBus.NameHasOwner", "org.freedesktop.secrets"])
            if output.contains("true") { return }
            usleep(100_000)
        }
        throw X11.Failure(message: "gnome-keyring-daemon did not take org.freedesktop.secrets")
    }

    /// Runs a command with this desktop's environment (`stdin` written to
    /// it); its status, standard output and error. Ends it after `timeout`.
    func run(_ arguments: [String], stdin: String? = nil, timeout: TimeInterval = 60) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, own in own }
            .filter { $0.key != "DISPLAY" && $0.key != "WAYLAND_DISPLAY" }
        // Into files: read once it ended, with nothing shared across threads.
        let outFile = home.appendingPathComponent("out-\(UUID().uuidString)")
        let errFile = home.appendingPathComponent("err-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: outFile.path, contents: nil)
        FileManager.default.createFile(atPath: errFile.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outFile)
            try? FileManager.default.removeItem(at: errFile)
        }
        let input = Pipe()
        process.standardOutput = try FileHandle(forWritingTo: outFile)
        process.standardError = try FileHandle(forWritingTo: errFile)
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { process.stop(grace: 2) }
        process.waitUntilExit()
        let outData = (try? Data(contentsOf: outFile)) ?? Data()
        let errData = (try? Data(contentsOf: errFile)) ?? Data()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }

    /// Whether `text` is in any file under this desktop's config, data or
    /// cache folders (a token must be in the keyring only).
    func filesContain(_ text: String, also extra: [URL] = []) -> [String] {
        var found: [String] = []
        for root in [home.appendingPathComponent("config"), home.appendingPathComponent("data")] + extra {
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
            for case let file as URL in walker {
                if let data = try? Data(contentsOf: file), data.range(of: Data(text.utf8)) != nil { found.append(file.path) }
            }
        }
        return found
    }
}

extension X11 {
    /// The id of the first visible window titled `name`, once there is one.
    static func waitForWindow(named name: String, timeout: TimeInterval) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            // xdotool exits 1 while no window matches yet.
            if let id = ((try? run(["xdotool", "search", "--onlyvisible", "--name", name])) ?? "").split(separator: "\n").first {
                return String(id)
            }
            usleep(100_000)
        }
        throw Failure(message: "no window named \(name) appeared")
    }
}
