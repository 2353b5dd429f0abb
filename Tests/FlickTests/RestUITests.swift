import Foundation
import Testing

extension AppUnderX {
    /// Nobody watches a minimised window or a locked screen: the feed rests
    /// (the video pauses, nothing else is prepared) and, after the rest
    /// time, lets its players go; it comes back where it was.
    @Suite("Resting when hidden")
    struct RestUITests {
        /// A folder of two clips, opened under openbox with a rest time of
        /// `restSeconds`; the app once its first clip plays.
        private func playing(restSeconds: Double, bus: PrivateSessionBus? = nil) throws -> (AppProcess, URL) {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-rest-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (index, clip) in try Fixtures.clips().enumerated() {
                try FileManager.default.copyItem(at: clip.video, to: folder.appendingPathComponent("clip-\(index).mp4"))
            }
            var environment = ["FLICK_REST_AFTER_SECONDS": String(restSeconds)]
            if let bus { environment.merge(bus.environment) { _, bus in bus } }
            let app = try AppProcess([folder.path, "--report-state"], environment: environment)
            let shown = app.waitForState(timeout: 30) { $0.currentReady == true && $0.playersPlaying == 1 && $0.windowVisible == true }
            #expect(shown != nil, "the first clip plays: \(String(describing: app.latest)); \(app.stderr)")
            return (app, folder)
        }

        @Test("minimising pauses the video and prepares nothing more; restoring lands on its frame at once; hidden past the rest time, the players go and restoring plays the same post again")
        func minimisingRests() throws {
            let manager = try WindowManager()
            defer { manager.stop() }
            let (app, folder) = try playing(restSeconds: 3)
            defer { try? FileManager.default.removeItem(at: folder) }
            let window = try app.focusedWindow()
            let index = app.latest?.currentIndex

            var seen = app.states.count
            try X11.run(["xdotool", "windowminimize", window])
            let rested = app.waitForState(after: seen, timeout: 5) { $0.windowVisible == false && $0.playersPlaying == 0 }
            #expect(rested != nil, "minimised, the video pauses: \(String(describing: app.latest))")
            #expect((rested?.playersAlive ?? 0) >= 1, "the current player is kept for a while")

            // Back before the rest time: the kept player's frame is there at once.
            seen = app.states.count
            try X11.run(["xdotool", "windowactivate", "--sync", window])
            let back = app.waitForState(after: seen, timeout: 10) { $0.windowVisible == true }
            #expect(back?.currentReady == true, "the first line after coming back is ready: \(String(describing: back))")
            #expect(app.waitForState(timeout: 10) { $0.windowVisible == true && $0.playersPlaying == 1 } != nil, "and it plays on")

            // Hidden past the rest time: no players at all.
            seen = app.states.count
            try X11.run(["xdotool", "windowminimize", window])
            let released = app.waitForState(after: seen, timeout: 15) { $0.windowVisible == false && $0.playersAlive == 0 }
            #expect(released != nil, "after the rest time every player is gone: \(String(describing: app.latest))")
            #expect(released?.currentIndex == index && (released?.itemCount ?? 0) == 2, "the feed and its place stay")

            seen = app.states.count
            try X11.run(["xdotool", "windowactivate", "--sync", window])
            let again = app.waitForState(after: seen, timeout: 30) {
                $0.windowVisible == true && $0.currentReady == true && $0.playersPlaying == 1
            }
            #expect(again?.currentIndex == index, "restored, the same post plays again: \(String(describing: app.latest))")
        }

        @Test("a locked screen (org.gnome.ScreenSaver's ActiveChanged on the session bus) pauses the video; unlocking plays it on")
        func lockedScreenRests() throws {
            let bus = try PrivateSessionBus()
            let (app, folder) = try playing(restSeconds: 30, bus: bus)
            defer { try? FileManager.default.removeItem(at: folder) }
            func screenSaver(active: Bool) throws {
                let (status, output) = try bus.gdbus(["emit", "--session", "--object-path", "/org/gnome/ScreenSaver",
                                                      "--signal", "org.gnome.ScreenSaver.ActiveChanged", active ? "true" : "false"])
                #expect(status == 0, "\(output)")
            }
            // Each wait reads only the lines after its signal: before the
            // lock, a line can show the video playing before its first frame.
            var seen = app.states.count
            try screenSaver(active: true)
            let locked = app.waitForState(after: seen, timeout: 5) { $0.windowVisible == false && $0.playersPlaying == 0 }
            #expect(locked != nil, "locked, the video pauses: \(String(describing: app.latest))")
            seen = app.states.count
            try screenSaver(active: false)
            let unlocked = app.waitForState(after: seen, timeout: 10) { $0.windowVisible == true && $0.playersPlaying == 1 }
            #expect(unlocked?.currentReady == true, "unlocked, it plays on: \(String(describing: unlocked))")
        }

        @Test("an animated picture holds its frame while the window is minimised and goes on when it is restored")
        func animatedPictureRests() throws {
            let manager = try WindowManager()
            defer { manager.stop() }
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-rest-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            try PhoneMedia.animation("gif", at: folder.appendingPathComponent("dancing.gif"))
            let app = try AppProcess([folder.path, "--report-state"])
            #expect(app.waitForState(timeout: 30) { $0.currentReady == true && $0.animationsPlaying == 1 } != nil,
                    "the GIF plays: \(String(describing: app.latest)); \(app.stderr)")
            let window = try app.focusedWindow()

            var seen = app.states.count
            try X11.run(["xdotool", "windowminimize", window])
            #expect(app.waitForState(after: seen, timeout: 5) { $0.windowVisible == false && $0.animationsPlaying == 0 } != nil,
                    "minimised, it stops: \(String(describing: app.latest))")
            seen = app.states.count
            try X11.run(["xdotool", "windowactivate", "--sync", window])
            #expect(app.waitForState(after: seen, timeout: 10) { $0.windowVisible == true && $0.animationsPlaying == 1 } != nil,
                    "restored, it goes on: \(String(describing: app.latest))")
        }
    }
}
