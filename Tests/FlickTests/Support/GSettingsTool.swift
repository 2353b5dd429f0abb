import Foundation

/// Runs the gsettings tool on the key file of an app started with
/// `GSETTINGS_BACKEND=keyfile`, the way a user changes a setting from
/// outside; returns its exit status.
func gsettings(_ arguments: [String], app: AppProcess) throws -> Int32 {
    try GSettingsTool.run(arguments, app: app).status
}

/// The gsettings tool on such an app's settings, with what it prints
/// (`get`), for tests that read a key the app saved.
enum GSettingsTool {
    /// Runs `gsettings ARGUMENTS` on `app`'s settings; returns the exit
    /// status and what it printed (trimmed).
    @discardableResult
    static func run(_ arguments: [String], app: AppProcess) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gsettings"] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = app.home.appendingPathComponent("config").path
        environment["GSETTINGS_BACKEND"] = "keyfile"
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// `gsettings get io.github.flick.Flick KEY`.
    static func get(_ key: String, app: AppProcess) throws -> String {
        try run(["get", "io.github.flick.Flick", key], app: app).output
    }

    /// `gsettings set io.github.flick.Flick KEY VALUE`; true when accepted.
    static func set(_ key: String, _ value: String, app: AppProcess) throws -> Bool {
        try run(["set", "io.github.flick.Flick", key, value], app: app).status == 0
    }
}
