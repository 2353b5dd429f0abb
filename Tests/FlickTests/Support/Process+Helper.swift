import Foundation

extension Process {
    /// Starts a helper with no input and both its outputs in `log` (a new
    /// file), for the test's message when the helper does not come up.
    func run(loggingTo log: URL) throws {
        FileManager.default.createFile(atPath: log.path, contents: nil)
        standardOutput = try FileHandle(forWritingTo: log)
        standardError = standardOutput
        standardInput = FileHandle.nullDevice
        try run()
    }

    /// Ends a helper the test started (a compositor, a window manager, a
    /// bus): SIGTERM, then SIGKILL if it is still running after `grace`
    /// seconds (a child of the test runner may not see SIGTERM while it
    /// waits on something of its own).
    func stop(grace: TimeInterval) {
        guard isRunning else { return }
        terminate()
        let deadline = Date().addingTimeInterval(grace)
        while isRunning, Date() < deadline { usleep(20_000) }
        if isRunning { kill(processIdentifier, SIGKILL) }
        waitUntilExit()
    }
}
