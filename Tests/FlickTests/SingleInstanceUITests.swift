import Foundation
import Testing

extension AppUnderX {
    /// One Flick per session: a later launch hands its sources to the
    /// running one and exits, on a session bus of the test's own.
    @Suite("One instance that opens what it is given")
    struct SingleInstanceUITests {
        /// Runs a second `flick WORDS` on `bus`; its exit status and how long it ran, in seconds.
        private func launch(_ words: [String], on bus: PrivateSessionBus) throws -> (status: Int32?, seconds: Double) {
            let process = Process()
            process.executableURL = AppProcess.binary
            process.arguments = words
            var environment = ProcessInfo.processInfo.environment.merging(bus.environment) { _, bus in bus }
            environment["GSETTINGS_BACKEND"] = "memory"
            process.environment = environment
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let started = Date()
            try process.run()
            let deadline = started.addingTimeInterval(10)
            while process.isRunning, Date() < deadline { usleep(10_000) }
            let seconds = Date().timeIntervalSince(started)
            guard !process.isRunning else {
                process.stop(grace: 1)
                return (nil, seconds)
            }
            return (process.terminationStatus, seconds)
        }

        @Test("flick FOLDER while Flick runs shows it in the running window and returns at once with status 0; file:// URIs and several sources work")
        func laterLaunchesGoToTheRunningWindow() throws {
            let bus = try PrivateSessionBus()
            let first = try Fixtures.pictureFolder(count: 2)
            let second = try Fixtures.pictureFolder(count: 3)
            let third = try Fixtures.pictureFolder(count: 4)
            defer { for folder in [first, second, third] { try? FileManager.default.removeItem(at: folder) } }
            let app = try AppProcess(["--report-state", first.path], environment: bus.environment, standalone: false)
            defer { app.stop() }
            let shown = try #require(app.waitForState(timeout: 30) { $0.phase == "feed" && $0.itemCount == 2 },
                                     "the first folder shows")

            let handed = try launch([second.path], on: bus)
            #expect(handed.status == 0, "the second launch exits with status 0")
            #expect(handed.seconds < 2, "and within 2 s, not after showing a window of its own (\(handed.seconds) s)")
            let moved = app.waitForState(after: app.states.count - 1, timeout: 20) {
                $0.phase == "feed" && $0.itemCount == 3 && $0.currentID?.hasPrefix(second.path) == true
            }
            #expect(moved != nil, "the running window shows the second folder")
            #expect(app.latest?.sources?.contains(second.lastPathComponent) == true, "and lists it in the sidebar")

            let several = try launch([URL(fileURLWithPath: third.path).absoluteString, first.path], on: bus)
            #expect(several.status == 0)
            let third0 = app.waitForState(timeout: 20) {
                $0.phase == "feed" && $0.itemCount == 4 && $0.currentID?.hasPrefix(third.path) == true
            }
            #expect(third0 != nil, "a file:// URI opens its folder, the first of several")
            let listed = app.latest?.sources ?? []
            #expect(listed.contains(third.lastPathComponent) && listed.contains(first.lastPathComponent),
                    "every source given is listed: \(listed)")
            #expect(shown.currentIndex == 0)
        }
    }
}
