import Foundation
import Testing

extension AppUnderX {
    /// The real app through GTK's X11 backend, in Xwayland inside sway, so
    /// that a touchpad swipe reaches it as X delivers one: a run of
    /// wheel-direction scroll events of a wheel unit and a half each, with no
    /// begin or end. A fast wheel sends the same kind of burst.
    @Suite("Wheel bursts under X11")
    struct X11WheelBurstUITests {
        @Test("a touchpad swipe and a burst of 40 wheel notches in 150 ms move at most two pages; slow notches one each")
        func bursts() throws {
            let sway = try HeadlessSway(xwayland: true)
            let folder = try Fixtures.pictureFolder(count: 30)
            defer { try? FileManager.default.removeItem(at: folder) }
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
            // Xwayland lets in the compositor's user only.
            let app = try AppProcess([folder.path, "--report-state"], display: sway.xDisplay, wrapper: sway.asCompositorUser,
                                     environment: ["XDG_CACHE_HOME": try sway.userFolder("cache").path])
            let ready = app.waitForState(timeout: 30) { $0.phase == "feed" && $0.currentReady == true }
            try #require(ready != nil, "the feed shows under Xwayland; stderr: \(app.stderr)")
            let pointer = try sway.pointer()
            try pointer.move(toX: HeadlessSway.outputSize.width / 2, y: HeadlessSway.outputSize.height / 2)

            // A touchpad swipe: 40 finger scrolls of 15 px, 8 ms apart (GTK
            // merges the scrolls of one frame, so a faster run arrives as fewer).
            var at = 0
            at = try expectBurst(app, pointer, from: at, "a touchpad swipe under X11") {
                try pointer.gesture(Array(repeating: (15.0, 8.0), count: 40), lift: true)
            }
            // A free-spinning wheel: 40 notches in 150 ms.
            at = try expectBurst(app, pointer, from: at, "40 wheel notches in 150 ms") {
                try pointer.notches(40, milliseconds: 3.75)
            }
            // Slow notches, each after the last has landed: one page each.
            for _ in 0..<3 {
                try PagingChecks.expect(app, from: at, landsOn: at + 1, "a single notch") { try pointer.notches(1) }
                at += 1
            }
            try PagingChecks.expect(app, from: at, landsOn: at - 1, "a notch up") { try pointer.notches(1, down: false) }
        }

        /// Runs `burst` and expects it to move one or two pages, one at a
        /// time, and a single notch after it to move exactly one more;
        /// returns where the feed is then.
        private func expectBurst(_ app: AppProcess, _ pointer: VirtualPointer, from: Int, _ what: String, burst: () throws -> Void,
                                 sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
            let seen = app.states.count
            try burst()
            let settled = PagingChecks.settledIndex(app, after: seen)
            let visited = app.states.dropFirst(seen).map(\.currentIndex)
            let index = try #require(settled, "\(what): the feed settled; went \(visited)", sourceLocation: sourceLocation)
            #expect((from + 1...from + 2).contains(index), "\(what): moved \(index - from) pages: \(visited)",
                    sourceLocation: sourceLocation)
            #expect(zip(visited, visited.dropFirst()).allSatisfy { abs($1 - $0) <= 1 }, "\(what): one page at a time: \(visited)",
                    sourceLocation: sourceLocation)
            // Nothing of the burst is left to page later: the next page the
            // feed shows is the one a single notch asks for.
            try PagingChecks.expect(app, from: index, landsOn: index + 1, "a notch after \(what)",
                                    after: { try pointer.notches(1) }, sourceLocation: sourceLocation)
            return index + 1
        }
    }
}
