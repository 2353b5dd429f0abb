import Foundation
import Testing

extension AppUnderX {
    /// Playback in the real app on the demo feed: the pool, sound, pausing
    /// and what is on screen, read from `--report-state` and screenshots.
    @Suite("Playing the demo feed")
    struct PlaybackUITests {
        private func openDemo(items: Int = 1200) throws -> (AppProcess, String) {
            let app = try AppProcess(["--demo-items", "\(items)", "--report-state"])
            let playing = app.waitForState(timeout: 300) { $0.phase == "feed" && $0.playersPlaying == 1 }
            #expect(playing != nil, "the first video never played; stderr: \(app.stderr)")
            return (app, try app.focusedWindow())
        }

        /// Every state line must respect the pool's bounds.
        private func expectBounds(_ app: AppProcess, capacity: Int = 3, sourceLocation: SourceLocation = #_sourceLocation) {
            for state in app.states where state.phase == "feed" {
                #expect((state.playersAlive ?? 0) <= capacity, "\(state)", sourceLocation: sourceLocation)
                #expect((state.playersPlaying ?? 0) <= 1, "\(state)", sourceLocation: sourceLocation)
                #expect((state.playersUnmuted ?? 0) <= ((state.muted ?? true) ? 0 : 1), "\(state)", sourceLocation: sourceLocation)
                #expect(state.mountedPages <= 5, "\(state)", sourceLocation: sourceLocation)
            }
        }

        @Test("swiping through 60 posts keeps at most 3 players, one playing, none unmuted")
        func sixtyPosts() throws {
            let (app, window) = try openDemo()
            for index in 1...60 {
                let seen = app.states.count
                try X11.key("Down", window: window)
                let landed = app.waitForState(after: seen, timeout: 10) { $0.currentIndex == index && $0.settled == true }
                #expect(landed != nil, "did not land on \(index): \(String(describing: app.latest))")
                if landed == nil { break }
            }
            // Pages of the feed load ahead of the swipe: it never reached its end.
            #expect((app.latest?.itemCount ?? 0) > 61, "more pages were loaded while swiping")
            // Jumps across the loaded feed too.
            for key in ["End", "Home", "End"] {
                try X11.key(key, window: window)
            }
            // End lands on the last page there is: past the loaded items, a skeleton.
            #expect(app.waitForState(after: 0, timeout: 10) { $0.currentIndex > 60 && $0.settled == true && $0.currentIndex >= $0.itemCount - 1 } != nil)
            expectBounds(app)
            #expect(app.states.contains { ($0.playersAlive ?? 0) >= 2 }, "the next post is prepared by a second player")
        }

        @Test("the next post is prepared: landing on it shows its frame at once (TTFF 0)")
        func preparedNext() throws {
            let (app, window) = try openDemo()
            // Wait until the next post's player is prerolled.
            #expect(app.waitForState(timeout: 20) { $0.currentIndex == 0 && ($0.playersPrepared ?? 0) >= 1 } != nil)
            let seen = app.states.count
            try X11.key("Down", window: window)
            let landed = app.waitForState(after: seen, timeout: 10) { $0.currentIndex == 1 && $0.ttffMilliseconds != nil }
            #expect(landed?.ttffMilliseconds == 0, "TTFF on a prepared post: \(String(describing: landed))")
            expectBounds(app)
        }

        @Test("m unmutes the current video only, Space pauses and plays, and mute follows the user across posts")
        func soundAndPause() throws {
            let (app, window) = try openDemo()
            #expect(app.latest?.muted == true, "muted by default")
            var seen = app.states.count
            try X11.key("m", window: window)
            #expect(app.waitForState(after: seen) { $0.muted == false && $0.playersUnmuted == 1 } != nil)
            seen = app.states.count
            try X11.key("Down", window: window)
            #expect(app.waitForState(after: seen) { $0.currentIndex == 1 && $0.playersPlaying == 1 && $0.playersUnmuted == 1 && $0.muted == false } != nil)
            seen = app.states.count
            try X11.key("space", window: window)
            #expect(app.waitForState(after: seen) { $0.currentIndex == 1 && $0.playersPlaying == 0 } != nil, "Space pauses")
            seen = app.states.count
            try X11.key("space", window: window)
            #expect(app.waitForState(after: seen) { $0.currentIndex == 1 && $0.playersPlaying == 1 } != nil, "Space plays again")
            seen = app.states.count
            try X11.key("m", window: window)
            #expect(app.waitForState(after: seen) { $0.muted == true && $0.playersUnmuted == 0 } != nil)
            expectBounds(app)
        }

        @Test("jumping 0,1,2,3,4,10,20,21,5,100 without animation ends on item 100's video, never another item's")
        func rapidJumps() throws {
            let app = try AppProcess(["--local-demo", "--report-state", "--jumps", "0,1,2,3,4,10,20,21,5,100"])
            let shown = app.waitForState(timeout: 300) {
                $0.currentIndex == 100 && $0.currentFrameSource != nil && $0.playersPlaying == 1
            }
            #expect(shown?.currentFrameSource == shown?.currentURI, "page 100 shows its own video: \(String(describing: shown))")
            #expect(shown?.currentID == "demo-100")
            for state in app.states where state.currentFrameSource != nil {
                #expect(state.currentFrameSource == state.currentURI,
                        "post \(state.currentIndex) showed another item's frame: \(state)")
            }
            #expect(app.states.filter { $0.phase == "feed" }.map(\.currentIndex).contains(21), "the jumps ran")
            expectBounds(app)
        }

        @Test("after paging, the current page shows moving video, not a still poster or black")
        func screenshotShowsVideo() throws {
            let (app, window) = try openDemo()
            let seen = app.states.count
            try X11.key("Down", window: window)
            #expect(app.waitForState(after: seen) { $0.currentIndex == 1 && $0.settled == true && $0.playersPlaying == 1 } != nil)
            let first = app.home.appendingPathComponent("video-a.png")
            let second = app.home.appendingPathComponent("video-b.png")
            try X11.run(["import", "-window", window, first.path])
            // Half a second of playback moves the demo clip's sweeping bar and clock.
            Thread.sleep(forTimeInterval: 0.6)
            try X11.run(["import", "-window", window, second.path])
            let difference = try X11.run(["compare", "-metric", "AE", "-fuzz", "10%", first.path, second.path, "null:"], allowFailure: true)
            let changed = Int(difference.split(separator: " ").first ?? "") ?? 0
            #expect(changed > 500, "two screenshots of a playing video differ in more than 500 pixels, got \(difference)")
            let mean = try X11.run(["convert", second.path, "-colorspace", "Gray", "-format", "%[fx:mean]", "info:"])
            #expect((Double(mean.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 0.1, "not black: mean \(mean)")
        }
    }
}
