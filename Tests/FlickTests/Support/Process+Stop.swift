import Foundation

extension Process {
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
