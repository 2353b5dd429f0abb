import Foundation

/// Runs the gsettings tool on the key file of an app started with
/// `GSETTINGS_BACKEND=keyfile`, the way a user changes a setting from
/// outside; returns its exit status.
func gsettings(_ arguments: [String], app: AppProcess) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["gsettings"] + arguments
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_CONFIG_HOME"] = app.home.appendingPathComponent("config").path
    environment["GSETTINGS_BACKEND"] = "keyfile"
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
}
