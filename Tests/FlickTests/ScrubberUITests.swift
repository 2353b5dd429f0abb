import Foundation
import Testing

extension AppUnderX {
    /// The seek bar under the current video and frame stepping, in the real
    /// app on the demo feed (its first post is a 4 s clip at 30 frames a second).
    @Suite("The seek bar")
    struct ScrubberUITests {
        /// The first demo clip's length in ms, as the feed gives it.
        private static let clipMilliseconds = 4000
        /// One frame of the demo clips, in ms.
        private static let frameMilliseconds = 1000.0 / 30

        private func openDemo() throws -> (AppProcess, String) {
            let app = try AppProcess(["--report-state"])
            let shown = app.waitForState(timeout: 300) {
                $0.phase == "feed" && $0.playersPlaying == 1 && $0.scrubberShown == true && $0.positionMilliseconds != nil
            }
            try #require(shown != nil, "the first video never played with its bar; stderr: \(app.stderr)")
            return (app, try app.focusedWindow())
        }

        /// Index of the latest state line (for `waitForState(after:)`).
        private func mark(_ app: AppProcess) -> Int { app.states.count }

        @Test("playing redraws the bar and nothing else: the feed lays out nothing as the video plays")
        func progressRedrawsOnlyTheBar() throws {
            let (app, _) = try openDemo()
            // The neighbours' pictures arrive during the first seconds (and lay
            // the pages out); measure once they are in.
            var seconds = Set<Int>()
            let start = app.waitForState { state in
                if let position = state.positionMilliseconds { seconds.insert(position) }
                return seconds.count >= 3 && state.playersPrepared == 1
            }
            let first = try #require(start, "the video plays on: \(String(describing: app.latest))")
            let from = try #require(app.states.lastIndex(of: first))
            seconds = []
            let end = app.waitForState(after: from + 1) { state in
                if let position = state.positionMilliseconds, position != first.positionMilliseconds { seconds.insert(position) }
                return seconds.count >= 2
            }
            let last = try #require(end, "two more seconds played: \(String(describing: app.latest))")
            #expect(last.feedLayouts == first.feedLayouts,
                    "no page was laid out again while the video played (\(first.feedLayouts ?? -1) → \(last.feedLayouts ?? -1))")
            #expect((last.scrubberDraws ?? 0) > (first.scrubberDraws ?? 0) + 10, "the bar followed the video")
        }

        @Test("dragging the bar seeks there without paging; it pauses while held and resumes after")
        func dragSeeks() throws {
            let (app, window) = try openDemo()
            let (width, height) = try X11.geometry(window)
            let y = height - 8 // inside the bar's strip along the bottom of the page
            var seen = mark(app)
            try X11.key("space", window: window)
            #expect(app.waitForState(after: seen) { $0.playersPlaying == 0 } != nil, "paused")

            // Hovering grows the bar and shows the time (drawn, not laid out).
            let before = app.home.appendingPathComponent("bar-before.png")
            let after = app.home.appendingPathComponent("bar-hover.png")
            try X11.run(["xdotool", "mousemove", "--window", window, "\(width / 2)", "\(height / 2)"])
            try X11.run(["import", "-window", window, "-crop", "\(width)x60+0+\(height - 60)", before.path])
            var changed = 0
            var nudge = 0
            let deadline = Date().addingTimeInterval(3)
            repeat {
                // Moving along the bar, so a crossing GTK missed is made up by the next motion.
                try X11.run(["xdotool", "mousemove", "--window", window, "\(width / 2 + nudge)", "\(y)"])
                nudge = (nudge + 1) % 3
                try X11.run(["import", "-window", window, "-crop", "\(width)x60+0+\(height - 60)", after.path])
                let text = try X11.run(["compare", "-metric", "AE", before.path, after.path, "null:"], allowFailure: true)
                changed = Int(text.split(separator: " ").first ?? "") ?? 0
            } while changed < 200 && Date() < deadline
            #expect(changed >= 200, "hovering draws the knob and the time (\(changed) pixels changed)")

            // Paused: a drag from a quarter to three quarters lands there and stays paused.
            seen = mark(app)
            try X11.run(["xdotool", "mousemove", "--window", window, "\(width / 4)", "\(y)", "mousedown", "1"])
            #expect(app.waitForState(after: seen) { $0.scrubbing == true } != nil, "pressing the bar scrubs")
            try X11.run(["xdotool", "mousemove", "--window", window, "\(width / 2)", "\(y)"])
            try X11.run(["xdotool", "mousemove", "--window", window, "\(width * 3 / 4)", "\(y)"])
            try X11.run(["xdotool", "mouseup", "1"])
            let landed = app.waitForState(after: seen) { $0.scrubbing == false && $0.playersPlaying == 0 }
            let target = Double(Self.clipMilliseconds) * 0.75
            let position = Double(landed?.positionMilliseconds ?? -1)
            #expect(abs(position - target) <= 80, "let go at 3/4 of 4 s: \(String(describing: landed))")
            #expect(app.states.dropFirst(seen).allSatisfy { $0.currentIndex == 0 }, "a press on the bar never pages")

            // Playing: held, the video pauses; let go, it plays on.
            seen = mark(app)
            try X11.key("space", window: window)
            #expect(app.waitForState(after: seen) { $0.playersPlaying == 1 } != nil)
            seen = mark(app)
            try X11.run(["xdotool", "mousemove", "--window", window, "\(width / 2)", "\(y)", "mousedown", "1"])
            #expect(app.waitForState(after: seen) { $0.scrubbing == true && $0.playersPlaying == 0 } != nil,
                    "the video pauses while the bar is held: \(String(describing: app.latest))")
            seen = mark(app)
            try X11.run(["xdotool", "mouseup", "1"])
            #expect(app.waitForState(after: seen) { $0.scrubbing == false && $0.playersPlaying == 1 } != nil,
                    "and plays on when let go: \(String(describing: app.latest))")
            #expect(app.states.allSatisfy { $0.currentIndex == 0 })
        }

        @Test("the bar hides while paging and shows again once the page settles")
        func hidesWhilePaging() throws {
            let (app, window) = try openDemo()
            let seen = mark(app)
            try X11.key("Down", window: window)
            #expect(app.waitForState(after: seen) { $0.currentIndex == 1 && $0.settled == true } != nil)
            let back = mark(app)
            try X11.key("Up", window: window)
            let settled = app.waitForState(after: back) { $0.currentIndex == 0 && $0.settled == true && $0.playersPlaying == 1 }
            #expect(settled?.scrubberShown == true, "back on the video, its bar shows: \(String(describing: settled))")
            let moving = app.states.dropFirst(seen).filter { $0.settled == false }
            #expect(!moving.isEmpty, "paging animates")
            #expect(moving.allSatisfy { $0.scrubberShown == false }, "no bar while the pages move")
        }

        @Test("Shift+Right and Shift+Left step one frame at a time, paused")
        func frameSteps() throws {
            let (app, window) = try openDemo()
            var seen = mark(app)
            // Shift+Right while playing pauses first.
            try X11.key("shift+Right", window: window)
            #expect(app.waitForState(after: seen) { $0.playersPlaying == 0 } != nil, "stepping pauses the video")
            // Back to the first frame (Left seeks 5 s back, clamped to the start).
            seen = mark(app)
            try X11.key("Left", window: window)
            #expect(app.waitForState(after: seen) { $0.positionMilliseconds == 0 } != nil,
                    "Left goes back to the start: \(String(describing: app.latest))")
            for (key, frames) in [("shift+Right", 1), ("shift+Right", 2), ("shift+Left", 1), ("shift+Left", 0)] {
                seen = mark(app)
                try X11.key(key, window: window)
                let expected = Int((Double(frames) * Self.frameMilliseconds).rounded())
                let stepped = app.waitForState(after: seen) { $0.positionMilliseconds == expected }
                #expect(stepped != nil, "\(key) shows frame \(frames) (\(expected) ms): \(String(describing: app.latest))")
            }
            #expect(app.states.dropFirst(seen).allSatisfy { $0.playersPlaying == 0 && $0.currentIndex == 0 })
        }
    }
}
