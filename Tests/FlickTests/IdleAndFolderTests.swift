import Foundation
import Testing

extension AppUnderX {
    /// Behaviour of the running app that is neither paging nor pixels.
    @Suite("The running app")
    struct IdleAndFolderTests {
        /// CPU seconds (user + system) the process has used, from /proc.
        private func cpuSeconds(_ pid: Int32) throws -> Double {
            let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
            // Fields after the command name, which is in parentheses and may hold spaces.
            let fields = stat[stat.index(after: stat.lastIndex(of: ")")!)...].split(separator: " ")
            let ticks = Double(fields[11])! + Double(fields[12])! // utime, stime
            return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
        }

        @Test("an idle window uses under 1% of one core")
        func idleCPU() throws {
            let folder = try Fixtures.pictureFolder(count: 3)
            defer { try? FileManager.default.removeItem(at: folder) }
            let app = try AppProcess([folder.path, "--report-state"])
            #expect(app.waitForState { $0.phase == "feed" && $0.currentReady == true } != nil)
            _ = try app.focusedWindow()
            // Let start-up work (decodes of the neighbours) finish: wait for the
            // process to go quiet, then measure a window of 3 s.
            let pid = app.process.processIdentifier
            var previous = try cpuSeconds(pid)
            for _ in 0..<20 {
                Thread.sleep(forTimeInterval: 0.5)
                let now = try cpuSeconds(pid)
                if now - previous < 0.01 { break }
                previous = now
            }
            let start = try cpuSeconds(pid)
            let began = Date()
            Thread.sleep(forTimeInterval: 3)
            let used = try cpuSeconds(pid) - start
            let elapsed = Date().timeIntervalSince(began)
            #expect(used / elapsed < 0.01, "idle app used \(used) s of CPU in \(elapsed) s")
        }

        @Test("an unreadable subfolder is skipped with a warning; the rest still shows")
        func unreadableSubfolder() throws {
            let folder = try Fixtures.pictureFolder(count: 2)
            let locked = folder.appendingPathComponent("locked")
            try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
            try Fixtures.writePicture(locked.appendingPathComponent("inside.png"), width: 20, height: 20, rgb: 0x102030)
            try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: locked.path)
            // The parent must be reachable for the unprivileged user below.
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
            defer {
                try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: locked.path)
                try? FileManager.default.removeItem(at: folder)
            }
            // Root reads any folder, so as root the app runs as nobody instead.
            let wrapper = getuid() == 0 ? ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"] : []
            let app = try AppProcess([folder.path, "--report-state"], wrapper: wrapper)
            let state = app.waitForFolderOutcome()
            #expect(state?.phase == "feed")
            #expect(state?.itemCount == 2, "the two readable pictures, not the locked one")
            #expect(app.stderr.contains("locked"), "a warning names the skipped folder: \(app.stderr)")
        }

        @Test("a 20,000-file folder opens with shimmering skeleton pages while it is scanned off the GTK thread; then it pages at once",
              .timeLimit(.minutes(3)))
        func largeFolderShimmers() throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-large-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            // One picture, linked under 20,000 names: real files, made in a moment.
            let original = folder.appendingPathComponent("original.png")
            try Fixtures.writePicture(original, width: 36, height: 64, rgb: 0x30_90_D0)
            for number in 0..<19_999 {
                #expect(link(original.path, folder.appendingPathComponent("p-\(number).png").path) == 0)
            }
            let app = try AppProcess([folder.path, "--report-state"], environment: ["FLICK_DEBUG_STALLS": "50"])
            defer { app.stop() }
            let shown = try #require(app.waitForFolderOutcome(timeout: 60), "\(app.stderr)")
            #expect(shown.phase == "feed", "\(shown)")
            // The first posts may come before the scan ends; then they grow to all.
            #expect(app.waitForState(timeout: 60) { $0.itemCount == 20_000 } != nil, "\(String(describing: app.latest))")
            let counts = app.states.map(\.itemCount)
            #expect(zip(counts, counts.dropFirst()).allSatisfy { $0 <= $1 }, "never fewer posts: \(Set(counts).sorted())")
            // Before the posts came, the feed showed its skeletons, sweeping:
            // the window was drawn and reported while the folder was scanned.
            let before = app.states.prefix { $0.itemCount == 0 }
            #expect(before.contains { $0.phase == "feed" && ($0.skeletonPages ?? 0) > 0 && ($0.shimmersAnimating ?? 0) > 0 },
                    "\(before.map { "\($0.phase) \($0.skeletonPages ?? -1) \($0.shimmersAnimating ?? -1)" })")
            // It pages at once, and no turn of the GTK thread held it for the scan.
            let window = try app.focusedWindow()
            let seen = app.states.count
            try X11.key("Down", window: window)
            #expect(app.waitForState(after: seen, timeout: 10) { $0.currentIndex == 1 } != nil, "\(String(describing: app.latest))")
            let stalls = StallLine.all(in: app.stderr)
            #expect(stalls.allSatisfy { $0.milliseconds < 1000 }, "\(stalls)")
        }
    }
}
