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

        @Test("D-Bus activation: an Open sent to the app id starts Flick through its service file showing that folder, not the last source; an Activate then presents the same window")
        func busActivation() throws {
            let work = FileManager.default.temporaryDirectory.appendingPathComponent("flick-activation-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            let folder = try Fixtures.pictureFolder(count: 3)
            defer {
                try? FileManager.default.removeItem(at: work)
                try? FileManager.default.removeItem(at: folder)
            }
            // As data/io.github.flick.Flick.service.in installs it, with the
            // report written where the test reads it and the pid kept to end it.
            let states = work.appendingPathComponent("states.jsonl")
            let pidFile = work.appendingPathComponent("flick.pid")
            let command = "echo $$ > '\(pidFile.path)'; exec env GSETTINGS_BACKEND=memory NO_AT_BRIDGE=1 "
                + "'\(AppProcess.binary.path)' --gapplication-service --report-state > '\(states.path)' 2>&1"
            try """
            [D-BUS Service]
            Name=io.github.flick.Flick
            Exec=/bin/sh -c "\(command)"

            """.write(to: work.appendingPathComponent("io.github.flick.Flick.service"), atomically: true, encoding: .utf8)
            let bus = try PrivateSessionBus(services: work)
            defer {
                if let text = try? String(contentsOf: pidFile, encoding: .utf8), let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                    kill(pid, SIGTERM)
                    var left = 50
                    while kill(pid, 0) == 0, left > 0 { usleep(100_000); left -= 1 }
                    if kill(pid, 0) == 0 { kill(pid, SIGKILL) }
                }
            }
            func reported() -> [ReportedState] {
                let text = (try? String(contentsOf: states, encoding: .utf8)) ?? ""
                return text.split(separator: "\n").compactMap { try? JSONDecoder().decode(ReportedState.self, from: Data($0.utf8)) }
            }
            func waitFor(_ condition: (ReportedState) -> Bool) -> ReportedState? {
                let deadline = Date().addingTimeInterval(30)
                while Date() < deadline {
                    if let found = reported().last(where: condition) { return found }
                    usleep(100_000)
                }
                return nil
            }
            let path = "/io/github/flick/Flick"
            let uri = URL(fileURLWithPath: folder.path).absoluteString
            let open = try bus.gdbus(["call", "--session", "--dest", "io.github.flick.Flick", "--object-path", path,
                                      "--method", "org.freedesktop.Application.Open", "['\(uri)']", "{}"])
            #expect(open.status == 0, "the bus starts Flick for the call: \(open.output)")
            let shown = waitFor { $0.phase == "feed" && $0.itemCount == 3 && $0.currentID?.hasPrefix(folder.path) == true }
            #expect(shown != nil, "the started Flick shows the folder: \(reported().suffix(2))")
            let others = reported().compactMap(\.currentID).filter { !$0.hasPrefix(folder.path) }
            #expect(others.isEmpty, "it never showed another source first: \(others)")
            let activate = try bus.gdbus(["call", "--session", "--dest", "io.github.flick.Flick", "--object-path", path,
                                          "--method", "org.freedesktop.Application.Activate", "{}"])
            #expect(activate.status == 0, "\(activate.output)")
            let (_, names) = try bus.gdbus(["call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                                            "--method", "org.freedesktop.DBus.ListNames"])
            #expect(names.components(separatedBy: "'io.github.flick.Flick'").count == 2, "one Flick on the bus: \(names)")
            #expect(reported().last?.currentID?.hasPrefix(folder.path) == true, "the window still shows the folder")
        }
    }
}
