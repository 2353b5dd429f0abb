import Foundation
import Testing

extension AppUnderX {
    /// The real app in a real window on the test display, driven by X input
    /// events; what it does is read from `--report-state`, not from pixels.
    @Suite("The feed window under X")
    struct PagerUITests {
        /// Asserts the bound on page widgets over every state line seen.
        private func expectBoundedMounting(_ app: AppProcess, sourceLocation: SourceLocation = #_sourceLocation) {
            let most = app.states.map(\.mountedPages).max() ?? 0
            #expect(most <= 5, "at most 5 page widgets may be mounted, saw \(most)", sourceLocation: sourceLocation)
        }

        /// Sends `stay` where it must not move the feed, then `move`, and
        /// expects the first new state to be the landing that `move` alone
        /// gives: `stay` changed nothing.
        private func expect(_ app: AppProcess, staysOn index: Int, after stay: () throws -> Void,
                            thenLandsOn next: Int, after move: () throws -> Void,
                            sourceLocation: SourceLocation = #_sourceLocation) throws {
            let seen = app.states.count
            try stay()
            try move()
            let state = app.waitForState(after: seen, timeout: 10) { $0.currentIndex == next && $0.settled == true }
            #expect(state != nil, "expected to land on \(next); last state \(String(describing: app.latest))",
                    sourceLocation: sourceLocation)
            let visited = app.states.dropFirst(seen).map(\.currentIndex)
            #expect(visited.allSatisfy { $0 == index || $0 == next }, "\(visited) left \(index) other than for \(next)",
                    sourceLocation: sourceLocation)
        }

        /// Sends `action` and waits until the feed lands (settled) on `index`.
        private func expect(_ app: AppProcess, landsOn index: Int, after action: () throws -> Void,
                            sourceLocation: SourceLocation = #_sourceLocation) throws {
            let seen = app.states.count
            try action()
            let state = app.waitForState(after: seen, timeout: 10) { $0.currentIndex == index && $0.settled == true }
            #expect(state != nil, "expected to land on \(index); last state \(String(describing: app.latest))",
                    sourceLocation: sourceLocation)
        }

        @Test("keys, wheel and drags page a 10-item folder feed one page at a time")
        func tenItemFeed() throws {
            let folder = try Fixtures.pictureFolder(count: 10)
            defer { try? FileManager.default.removeItem(at: folder) }
            let app = try AppProcess([folder.path, "--report-state"])
            // The skeleton pages show while the folder is scanned, then its posts.
            let first = app.waitForFolderOutcome()
            #expect(first?.phase == "feed" && first?.itemCount == 10)
            #expect(first?.currentIndex == 0)
            #expect(first?.currentID == folder.appendingPathComponent("pic-0.png").path, "newest first")
            let window = try app.focusedWindow()

            try expect(app, landsOn: 1) { try X11.key("Down", window: window) }
            try expect(app, landsOn: 2) { try X11.key("j", window: window) }
            try expect(app, landsOn: 3) { try X11.key("Page_Down", window: window) }
            try expect(app, landsOn: 2) { try X11.key("Up", window: window) }
            try expect(app, landsOn: 1) { try X11.key("k", window: window) }
            try expect(app, landsOn: 0) { try X11.key("Page_Up", window: window) }
            try expect(app, staysOn: 0, after: { try X11.key("Up", window: window) },
                       thenLandsOn: 9, after: { try X11.key("End", window: window) })
            #expect(app.latest?.currentID == folder.appendingPathComponent("pic-9.png").path)
            try expect(app, staysOn: 9, after: { try X11.key("Down", window: window) },
                       thenLandsOn: 0, after: { try X11.key("Home", window: window) })

            try expect(app, landsOn: 1) { try X11.wheel(down: true, window: window) }
            try expect(app, landsOn: 2) { try X11.wheel(down: true, window: window) }
            try expect(app, landsOn: 1) { try X11.wheel(down: false, window: window) }

            let (_, height) = try X11.geometry(window)
            // Dragging up past half a page shows the next page; a short drag snaps back.
            try expect(app, landsOn: 2) { try X11.drag(dy: -height * 6 / 10, window: window) }
            try expect(app, landsOn: 2) { try X11.drag(dy: -height / 5, window: window) }
            try expect(app, landsOn: 1) { try X11.drag(dy: height * 6 / 10, window: window) }
            // Space is kept for play/pause: it does not page.
            try expect(app, staysOn: 1, after: { try X11.key("space", window: window) },
                       thenLandsOn: 2, after: { try X11.key("Down", window: window) })

            expectBoundedMounting(app)
            // Nothing but the scan's skeletons before the ten posts, and never another count after.
            #expect(app.states.prefix { $0.itemCount == 0 }.allSatisfy { $0.phase != "feed" || ($0.skeletonPages ?? 0) > 0 })
            #expect(app.states.drop { $0.itemCount == 0 }.allSatisfy { $0.itemCount == 10 })
        }

        @Test("horizontal paging: sideways drags page, a vertical drag does not, and the keys still work")
        func horizontalPaging() throws {
            let folder = try Fixtures.pictureFolder(count: 5)
            defer { try? FileManager.default.removeItem(at: folder) }
            let app = try AppProcess([folder.path, "--report-state", "--paging", "horizontal"])
            #expect(app.waitForState { $0.phase == "feed" && $0.currentReady == true } != nil)
            let window = try app.focusedWindow()
            let (width, height) = try X11.geometry(window)
            // Dragging left past half a page shows the next page; right goes back.
            try expect(app, landsOn: 1) { try X11.drag(dx: -width * 6 / 10, dy: 0, window: window) }
            try expect(app, landsOn: 0) { try X11.drag(dx: width * 6 / 10, dy: 0, window: window) }
            try expect(app, staysOn: 0, after: { try X11.drag(dy: -height * 6 / 10, window: window) },
                       thenLandsOn: 1, after: { try X11.key("Down", window: window) })
            try expect(app, landsOn: 2) { try X11.wheel(down: true, window: window) }
            expectBoundedMounting(app)
        }

        @Test("pictures seen before show again when the feed comes back to them on recycled pages")
        func revisitedPictures() throws {
            let folder = try Fixtures.pictureFolder(count: 8)
            defer { try? FileManager.default.removeItem(at: folder) }
            let app = try AppProcess([folder.path, "--report-state"])
            #expect(app.waitForFolderOutcome()?.itemCount == 8)
            let window = try app.focusedWindow()
            // Down and back up: each page that comes back into the window is
            // a recycled widget, and its picture is decoded already.
            for (key, index) in [("Down", 1), ("Down", 2), ("Down", 3), ("Down", 4), ("Down", 5),
                                 ("Up", 4), ("Up", 3), ("Up", 2), ("Up", 1), ("Up", 0), ("End", 7), ("Home", 0)] {
                let seen = app.states.count
                try X11.key(key, window: window)
                let shown = app.waitForState(after: seen, timeout: 10) {
                    $0.currentIndex == index && $0.settled == true && $0.currentReady == true
                }
                #expect(shown != nil, "\(key) to \(index): the picture never showed; last (index, ready, shimmers): \(String(describing: app.latest.map { ($0.currentIndex, $0.currentReady, $0.shimmersAnimating) }))")
            }
        }

        @Test("a 100,000-item feed keeps at most 5 pages mounted wherever it goes")
        func hundredThousandItemFeed() throws {
            let app = try AppProcess(["--local-demo", "--demo-items", "100000", "--report-state"])
            // The first run makes the demo media; that takes a while on a fresh machine.
            let first = app.waitForState(timeout: 300) { $0.phase == "feed" }
            #expect(first?.itemCount == 100_000, "stderr: \(app.stderr)")
            let window = try app.focusedWindow()

            try expect(app, landsOn: 99_999) { try X11.key("End", window: window) }
            #expect(app.latest?.currentID == "demo-99999")
            try expect(app, landsOn: 99_998) { try X11.key("Page_Up", window: window) }
            try expect(app, landsOn: 99_997) { try X11.wheel(down: false, window: window) }
            try expect(app, landsOn: 0) { try X11.key("Home", window: window) }
            // Twenty quick presses: every one lands, one page each.
            let seen = app.states.count
            for _ in 0..<20 { try X11.key("Down", window: window) }
            let landed = app.waitForState(after: seen) { $0.currentIndex == 20 && $0.settled == true }
            #expect(landed != nil, "last state \(String(describing: app.latest))")
            let visited = app.states.dropFirst(seen).map(\.currentIndex)
            #expect(zip(visited, visited.dropFirst()).allSatisfy { $1 - $0 <= 1 }, "never more than one page per key")

            expectBoundedMounting(app)
        }

        @Test("with animations turned off, page changes are instant")
        func animationsOff() throws {
            let folder = try Fixtures.pictureFolder(count: 4)
            defer { try? FileManager.default.removeItem(at: folder) }
            let app = try AppProcess([folder.path, "--report-state"], animations: false)
            #expect(app.waitForState { $0.phase == "feed" } != nil)
            let window = try app.focusedWindow()
            let seen = app.states.count
            try expect(app, landsOn: 1) { try X11.key("Down", window: window) }
            try expect(app, landsOn: 2) { try X11.wheel(down: true, window: window) }
            let lines = app.states.dropFirst(seen)
            #expect(!lines.isEmpty)
            #expect(lines.allSatisfy { $0.settled == true }, "no line may show the pager between pages: \(Array(lines))")
        }

        @Test("with animations on, a page change animates before it settles")
        func animationsOn() throws {
            let folder = try Fixtures.pictureFolder(count: 3)
            defer { try? FileManager.default.removeItem(at: folder) }
            let app = try AppProcess([folder.path, "--report-state"], animations: true)
            #expect(app.waitForState { $0.phase == "feed" } != nil)
            let window = try app.focusedWindow()
            let seen = app.states.count
            try expect(app, landsOn: 1) { try X11.key("Down", window: window) }
            let lines = app.states.dropFirst(seen)
            #expect(lines.contains { $0.currentIndex == 1 && $0.settled == false }, "the landing page is known while animating")
        }
    }
}
