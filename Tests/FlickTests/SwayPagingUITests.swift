import Foundation
import Testing

extension AppUnderX {
    /// The real app on sway (wlroots) through GTK's Wayland backend, paged
    /// by a virtual pointer that scrolls as a touchpad does: finger scrolls
    /// in surface pixels, then the lift (`axis_stop`). Not on the test
    /// display, but one at a time with the app's other tests all the same.
    @Suite("Touchpad and wheel on sway")
    struct SwayPagingUITests {
        /// The feed's height on sway's 720×1280 output, below the header bar
        /// (about 47 px): gestures are given in pages of it.
        static let page = 1230.0

        /// The app on `sway` showing a folder of `count` pictures, with the
        /// pointer over its window.
        private func start(on sway: HeadlessSway, _ extra: [String] = [], count: Int = 12) throws
            -> (app: AppProcess, pointer: VirtualPointer, folder: URL) {
            let folder = try Fixtures.pictureFolder(count: count)
            let app = try AppProcess([folder.path, "--report-state"] + extra, display: nil, environment: sway.waylandEnvironment)
            let ready = app.waitForState(timeout: 30) { $0.phase == "feed" && $0.currentReady == true }
            try #require(ready != nil, "the feed shows on sway; stderr: \(app.stderr)")
            let pointer = try sway.pointer()
            try pointer.move(toX: HeadlessSway.outputSize.width / 2, y: HeadlessSway.outputSize.height / 2)
            return (app, pointer, folder)
        }

        /// Goes to `index` from 0 with slow wheel notches, one page each.
        private func walk(_ app: AppProcess, _ pointer: VirtualPointer, to index: Int) throws {
            for next in 1...index {
                try PagingChecks.expect(app, from: next - 1, landsOn: next, "wheel notch to \(next)") { try pointer.notches(1) }
            }
        }

        @Test("swipes page one post each: decisive, slow and short, quick, slow and long, up, two pages long, three in a row")
        func swipes() throws {
            let sway = try HeadlessSway()
            let (app, pointer, folder) = try start(on: sway)
            defer { try? FileManager.default.removeItem(at: folder) }
            let page = Self.page

            try PagingChecks.expect(app, from: 0, landsOn: 1, "a decisive swipe") {
                try pointer.swipe(pixels: 0.7 * page, milliseconds: 300)
            }
            try PagingChecks.expect(app, from: 1, landsOn: 1, "a slow small swipe snaps back") {
                try pointer.swipe(pixels: 0.3 * page, milliseconds: 900)
            }
            try PagingChecks.expect(app, from: 1, landsOn: 2, "a quick flick") {
                try pointer.swipe(pixels: 0.15 * page, milliseconds: 40, steps: 4)
            }
            try PagingChecks.expect(app, from: 2, landsOn: 3, "a slow long swipe") {
                try pointer.swipe(pixels: 0.8 * page, milliseconds: 1600, steps: 24)
            }
            try PagingChecks.expect(app, from: 3, landsOn: 2, "a swipe up") {
                try pointer.swipe(pixels: -0.7 * page, milliseconds: 300)
            }
            try PagingChecks.expect(app, from: 2, landsOn: 3, "a swipe two pages long pages one") {
                try pointer.swipe(pixels: 2 * page, milliseconds: 600, steps: 24)
            }

            // Three swipes in a row, each before the last has settled: three
            // pages, one at a time.
            let seen = app.states.count
            for _ in 0..<3 {
                try pointer.swipe(pixels: 0.6 * page, milliseconds: 150, steps: 8)
                try pointer.run(["wait 80"])
            }
            let landed = app.waitForState(after: seen) { $0.settled == true && $0.currentIndex == 6 }
            let visited = app.states.dropFirst(seen).map(\.currentIndex)
            #expect(landed != nil, "three swipes from 3 land on 6: went \(visited)")
            #expect(zip(visited, visited.dropFirst()).allSatisfy { abs($1 - $0) <= 1 }, "one page at a time: \(visited)")
            #expect(Set(visited).isSubset(of: [3, 4, 5, 6]), "no swipe paged twice: \(visited)")

            // A fast flick's lift adds nothing: the next page the feed shows
            // is the one the wheel asks for after it.
            try PagingChecks.expect(app, from: 6, landsOn: 7, "a fast flick") {
                try pointer.swipe(pixels: 0.3 * page, milliseconds: 30, steps: 3)
            }
            try PagingChecks.expect(app, from: 7, landsOn: 8, "a notch after the flick's lift") { try pointer.notches(1) }
        }

        @Test("changing your mind at the end of a swipe lands on the page it started from")
        func reversals() throws {
            let sway = try HeadlessSway()
            let (app, pointer, folder) = try start(on: sway)
            defer { try? FileManager.default.removeItem(at: folder) }
            let page = Self.page
            // Swipes to post 4: sway delivers their lifts, so the app knows
            // a pause of the fingers mid-swipe is not the end of it.
            for next in 1...4 {
                try PagingChecks.expect(app, from: next - 1, landsOn: next, "a swipe to \(next)") {
                    try pointer.swipe(pixels: 0.7 * page, milliseconds: 300)
                }
            }

            try PagingChecks.expect(app, from: 4, landsOn: 4, "70% down slowly, a 150 ms pause, 24 px back") {
                try pointer.gesture(Array(repeating: (0.05 * page, 50.0), count: 13) + [(0.05 * page, 150), (-24, 0)])
            }
            try PagingChecks.expect(app, from: 4, landsOn: 4, "70% down, then 10% back within 50 ms") {
                try pointer.gesture(Array(repeating: (0.07 * page, 30.0), count: 10) + [(-0.05 * page, 25), (-0.05 * page, 25)])
            }
            try PagingChecks.expect(app, from: 4, landsOn: 4, "40% down, then a 30% flick back") {
                try pointer.gesture(Array(repeating: (0.05 * page, 25.0), count: 8) + Array(repeating: (-0.1 * page, 10.0), count: 3))
            }
            try PagingChecks.expect(app, from: 4, landsOn: 4, "70% up slowly, a 150 ms pause, 24 px back") {
                try pointer.gesture(Array(repeating: (-0.05 * page, 50.0), count: 13) + [(-0.05 * page, 150), (24, 0)])
            }
            // Fingers resting longer than the safety net (a lift that went
            // elsewhere): the swipe settles on the nearer page, and the lift
            // that comes at last changes nothing.
            try PagingChecks.expect(app, from: 4, landsOn: 5, "70% down, fingers resting for 1.3 s") {
                try pointer.gesture(Array(repeating: (0.07 * page, 30.0), count: 10) + [(0, 1300)], lift: false)
            }
            try pointer.run(["stop v"]) // the lift, after the swipe has ended: nothing to do
            try PagingChecks.expect(app, from: 5, landsOn: 6, "a notch after the late lift") { try pointer.notches(1) }
        }

        @Test("wheel notches page one post each, both ways")
        func wheelNotches() throws {
            let sway = try HeadlessSway()
            let (app, pointer, folder) = try start(on: sway)
            defer { try? FileManager.default.removeItem(at: folder) }
            try walk(app, pointer, to: 3)
            try PagingChecks.expect(app, from: 3, landsOn: 2, "a notch up") { try pointer.notches(1, down: false) }
            try PagingChecks.expect(app, from: 2, landsOn: 1, "another notch up") { try pointer.notches(1, down: false) }
        }

        @Test("horizontal paging: sideways swipes page left and right")
        func sidewaysSwipes() throws {
            let sway = try HeadlessSway()
            let (app, pointer, folder) = try start(on: sway, ["--paging", "horizontal"])
            defer { try? FileManager.default.removeItem(at: folder) }
            let width = Double(HeadlessSway.outputSize.width)
            try PagingChecks.expect(app, from: 0, landsOn: 1, "a swipe left") {
                try pointer.swipe(pixels: 0.7 * width, milliseconds: 300, axis: "h")
            }
            try PagingChecks.expect(app, from: 1, landsOn: 2, "another swipe left") {
                try pointer.swipe(pixels: 0.7 * width, milliseconds: 300, axis: "h")
            }
            try PagingChecks.expect(app, from: 2, landsOn: 1, "a swipe right") {
                try pointer.swipe(pixels: -0.7 * width, milliseconds: 300, axis: "h")
            }
            try PagingChecks.expect(app, from: 1, landsOn: 1, "a slow short swipe snaps back") {
                try pointer.swipe(pixels: 0.3 * width, milliseconds: 900, axis: "h")
            }
        }
    }
}
