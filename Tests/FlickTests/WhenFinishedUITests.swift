import Foundation
import Testing

extension AppUnderX {
    /// `when-finished`: a feed that plays on by itself. `a` and the
    /// setting choose; a clip at its end and a photo after its time page
    /// on; an error card stays.
    @Suite("When a post ends")
    struct WhenFinishedUITests {
        /// A folder of three short clips.
        private func clipFolder() throws -> URL {
            let clips = try Fixtures.clips()
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-ends-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (index, clip) in (clips + clips.prefix(1)).enumerated() {
                try FileManager.default.copyItem(at: clip.video, to: folder.appendingPathComponent("clip-\(index).mp4"))
            }
            return folder
        }

        @Test("a switches to next: the clip pages on at its end, by itself; a switches back to loop and the next clip loops in place")
        func clipsPlayOn() throws {
            let folder = try clipFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let app = try AppProcess([folder.path, "--report-state"], environment: ["GSETTINGS_BACKEND": "keyfile"])
            let playing = app.waitForState(timeout: 30) { $0.phase == "feed" && $0.playersPlaying == 1 }
            try #require(playing?.whenFinished == "loop", "loop is the default: \(String(describing: app.latest)); \(app.stderr)")
            let window = try app.focusedWindow()

            var seen = app.states.count
            try X11.key("a", window: window)
            let next = app.waitForState(after: seen, timeout: 10) { $0.whenFinished == "next" && $0.lastToast == "Plays on to the next post" }
            #expect(next != nil, "\(String(describing: app.latest))")
            #expect(try GSettingsTool.get("when-finished", app: app) == "'next'", "a saves the choice")
            // The clips are a few seconds long: the first ends and the feed pages on by itself.
            let paged = app.waitForState(after: seen, timeout: 15) { $0.currentIndex == 1 && $0.settled == true && $0.playersPlaying == 1 }
            #expect(paged != nil, "the feed played on: \(String(describing: app.latest))")

            seen = app.states.count
            try X11.key("a", window: window)
            #expect(app.waitForState(after: seen, timeout: 10) { $0.whenFinished == "loop" && $0.lastToast == "Loops each post" } != nil)
            // Looping: the position comes back to the start while the page stays.
            var furthest = 0
            let looped = app.waitForState(after: seen, timeout: 15) { state in
                guard let position = state.positionMilliseconds else { return false }
                defer { furthest = max(furthest, position) }
                return furthest >= 1_000 && position < furthest - 500
            }
            #expect(looped?.currentIndex == 1, "the clip looped in place: \(String(describing: app.latest))")
        }

        @Test("with next, a photo shows for photo-seconds with its time on the bar, then pages on; a picture that cannot be shown keeps its error card up")
        func photosPlayOn() throws {
            let folder = try Fixtures.pictureFolder(count: 2)
            defer { try? FileManager.default.removeItem(at: folder) }
            // A broken picture first, then the two good ones, in a playlist.
            try Data("not a picture at all".utf8).write(to: folder.appendingPathComponent("broken.png"))
            let list = folder.appendingPathComponent("photos.m3u")
            try Data("broken.png\npic-0.png\npic-1.png\n".utf8).write(to: list)
            let app = try AppProcess([list.path, "--report-state"], environment: ["GSETTINGS_BACKEND": "keyfile"])
            let shown = app.waitForState(timeout: 30) { $0.phase == "feed" && $0.itemCount == 3 && $0.currentError != nil }
            try #require(shown != nil, "the broken picture says so: \(String(describing: app.latest)); \(app.stderr)")

            var seen = app.states.count
            #expect(try GSettingsTool.set("photo-seconds", "2", app: app))
            #expect(try GSettingsTool.set("when-finished", "'next'", app: app))
            let errorKept = app.waitForState(after: seen, timeout: 10) { $0.whenFinished == "next" }
            #expect(errorKept?.currentIndex == 0 && errorKept?.currentError != nil && errorKept?.postTimerSeconds == nil,
                    "an error card is not timed: \(String(describing: errorKept))")

            // The user pages to the first good photo: it is timed, and pages on after 2 s.
            let window = try app.focusedWindow()
            seen = app.states.count
            try X11.key("Down", window: window)
            let timed = app.waitForState(after: seen, timeout: 10) { $0.currentIndex == 1 && $0.postTimerSeconds == 2 && $0.settled == true }
            #expect(timed != nil, "the photo is timed: \(String(describing: app.latest))")
            #expect(timed?.scrubberShown == true, "its bar shows the time running: \(String(describing: timed))")
            let paged = app.waitForState(after: seen, timeout: 10) { $0.currentIndex == 2 && $0.settled == true }
            #expect(paged != nil, "the photo paged on by itself: \(String(describing: app.latest))")
            // The last photo of a feed that has no more is not timed.
            #expect(paged?.postTimerSeconds == nil, "\(String(describing: paged))")
        }
    }
}
