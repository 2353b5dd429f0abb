import FlickTestSupport
import Foundation
import Testing

extension AppUnderX {
    /// Speed and volume in the real app: `<` and `>` step the speed with a
    /// toast, a press held on the video plays it at 2× while held, `-` and
    /// `+` change the volume, which is saved.
    @Suite("Speed and volume")
    struct SpeedVolumeUITests {
        /// A folder with two of the test clips.
        private func clipFolder() throws -> URL {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-speed-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (index, clip) in try Fixtures.clips().enumerated() {
                try FileManager.default.copyItem(at: clip.video, to: folder.appendingPathComponent("clip-\(index).mp4"))
            }
            return folder
        }

        @Test("> and < step the speed through 0.25 to 2 with a toast; it carries to the next post; holding a press plays at 2× and letting go returns, still playing")
        func speed() throws {
            let folder = try clipFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let app = try AppProcess([folder.path, "--report-state"])
            let playing = app.waitForState(timeout: 30) { $0.phase == "feed" && $0.playersPlaying == 1 }
            try #require(playing?.rate == 1, "normal speed first: \(String(describing: app.latest)); \(app.stderr)")
            let window = try app.focusedWindow()

            var seen = app.states.count
            try X11.key("greater", window: window)
            #expect(app.waitForState(after: seen, timeout: 10) { $0.rate == 1.25 && $0.lastToast == "Speed 1.25×" } != nil,
                    "\(String(describing: app.latest))")
            for _ in 0..<5 { try X11.key("greater", window: window) }
            #expect(app.waitForState(after: seen, timeout: 10) { $0.rate == 2 && $0.lastToast == "Speed 2×" } != nil, "2× is the fastest")
            seen = app.states.count
            for _ in 0..<2 { try X11.key("less", window: window) }
            #expect(app.waitForState(after: seen, timeout: 10) { $0.rate == 1.5 } != nil, "\(String(describing: app.latest))")

            seen = app.states.count
            try X11.key("Down", window: window)
            #expect(app.waitForState(after: seen, timeout: 20) { $0.currentIndex == 1 && $0.playersPlaying == 1 }?.rate == 1.5,
                    "the next post plays at the same speed")

            // A press held on the video: 2× with its badge while held.
            let (width, height) = try X11.geometry(window)
            seen = app.states.count
            try X11.run(["xdotool", "mousemove", "--window", window, "\(width / 2)", "\(height / 2)", "mousedown", "1"])
            let held = app.waitForState(after: seen, timeout: 5) { $0.holdingFaster == true }
            #expect(held?.rate == 2, "held: \(String(describing: held))")
            seen = app.states.count
            try X11.run(["xdotool", "mouseup", "1"])
            let released = app.waitForState(after: seen, timeout: 5) { $0.holdingFaster == false }
            #expect(released?.rate == 1.5 && released?.playersPlaying == 1, "let go: the speed before, still playing: \(String(describing: released))")
        }

        @Test("- and + change the volume by a tenth with a toast, saved across launches; mute is separate")
        func volume() throws {
            let folder = try clipFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let app = try AppProcess([folder.path, "--report-state"], environment: ["GSETTINGS_BACKEND": "keyfile"])
            let playing = app.waitForState(timeout: 30) { $0.phase == "feed" && $0.playersPlaying == 1 }
            try #require(playing?.volume == 1, "\(String(describing: app.latest)); \(app.stderr)")
            let window = try app.focusedWindow()
            var seen = app.states.count
            for _ in 0..<3 { try X11.key("minus", window: window) }
            let quieter = app.waitForState(after: seen, timeout: 10) { $0.volume == 0.7 }
            #expect(quieter?.muted == true, "mute stays as it was: \(String(describing: quieter))")
            #expect(app.waitForState(after: seen, timeout: 5) { $0.lastToast?.hasPrefix("Volume 70") == true } != nil,
                    "\(String(describing: app.latest))")
            seen = app.states.count
            try X11.key("plus", window: window)
            #expect(app.waitForState(after: seen, timeout: 10) { $0.volume == 0.8 } != nil)
            let saved = try GSettingsTool.get("volume", app: app)
            #expect(Double(saved).map { abs($0 - 0.8) < 1e-9 } == true, "saved: \(saved)")
            // The wheel over the speaker button: quieter by 5% a notch with a toast, the feed stays;
            // a right click opens the slider.
            let (width, _) = try X11.geometry(window)
            seen = app.states.count
            try X11.run(["xdotool", "mousemove", "--window", window, "\(width - 40)", "78", "click", "5", "click", "5"])
            let scrolled = app.waitForState(after: seen, timeout: 10) { abs(($0.volume ?? 0) - 0.7) < 0.001 }
            #expect(scrolled?.currentIndex == 0, "\(String(describing: app.latest))")
            seen = app.states.count
            try X11.run(["xdotool", "click", "3"])
            #expect(app.waitForState(after: seen, timeout: 10) { $0.volumeSlider == true } != nil, "\(String(describing: app.latest))")
            try X11.key("Escape", window: window)
            // Speed keys do not save; the preference does.
            try X11.key("greater", window: window)
            #expect(app.waitForState(after: seen, timeout: 10) { $0.rate == 1.25 } != nil)
            #expect(try GSettingsTool.get("playback-rate", app: app) == "1.0", "the keys change the speed for now only")
            seen = app.states.count
            #expect(try GSettingsTool.set("playback-rate", "0.5", app: app))
            #expect(app.waitForState(after: seen, timeout: 10) { $0.rate == 0.5 } != nil, "the preference applies at once")
        }
    }
}
