import FeedCore
import FeedMedia
import Foundation
import Testing

extension AppUnderX {
    /// The playback settings, changed from outside while the app runs (the
    /// gsettings tool on a key file), act on the showing feed at once.
    @Suite("Playback settings, live")
    struct PlaybackSettingsUITests {
        /// A folder of three short clips.
        private func clipFolder() throws -> URL {
            let clips = try Fixtures.clips()
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-settings-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (index, clip) in (clips + clips.prefix(1)).enumerated() {
                try FileManager.default.copyItem(at: clip.video, to: folder.appendingPathComponent("clip-\(index).mp4"))
            }
            return folder
        }

        @Test("data saver plans like a metered link; without autoplay the next post waits on its first frame")
        func dataSaverAndAutoplay() throws {
            let folder = try clipFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let app = try AppProcess([folder.path, "--report-state"], environment: ["GSETTINGS_BACKEND": "keyfile"])
            let playing = app.waitForState(timeout: 30) { $0.phase == "feed" && $0.playersPlaying == 1 }
            #expect(playing?.network == "unmetered", "\(String(describing: app.latest)); \(app.stderr)")

            // Autoplay first: the key file is read whole, so once the app
            // reports data saver it has read the autoplay change too.
            let seen = app.states.count
            #expect(try gsettings(["set", "io.github.flick.Flick", "autoplay", "false"], app: app) == 0)
            #expect(try gsettings(["set", "io.github.flick.Flick", "data-saver", "true"], app: app) == 0)
            #expect(app.waitForState(after: seen, timeout: 10) { $0.network == "dataSaver" } != nil,
                    "data saver reaches the plan: \(String(describing: app.latest))")

            let window = try app.focusedWindow()
            try X11.key("Down", window: window)
            // With autoplay the landed post's player is told to play as the page lands, before it is ready.
            let landed = app.waitForState(after: seen, timeout: 20) {
                $0.currentIndex == 1 && $0.settled == true && $0.currentReady == true
            }
            #expect(landed != nil, "\(String(describing: app.latest))")
            #expect(landed?.playersPlaying == 0, "without autoplay the post waits on its first frame")
            try X11.key("space", window: window)
            #expect(app.waitForState(after: seen, timeout: 10) { $0.currentIndex == 1 && $0.playersPlaying == 1 } != nil,
                    "space plays it")
        }
    }
}
