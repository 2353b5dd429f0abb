import Foundation
import Testing

extension AppUnderX {
    /// The real app on mutter 43, GNOME's own compositor, through GTK's
    /// Wayland backend, driven as GNOME Remote Desktop drives it: mutter
    /// drops the finish flag of a remote touchpad's scrolls, so no swipe
    /// ever ends with the fingers' lift.
    @Suite("Touchpad and wheel on mutter")
    struct MutterPagingUITests {
        @Test("the window maps, the first post plays, and swipes that never end still settle on a whole page")
        func swipesWithoutLift() throws {
            let mutter = try HeadlessMutter()
            let folder = try Fixtures.pictureFolder(count: 8)
            defer { try? FileManager.default.removeItem(at: folder) }
            // The newest file, so the first post: a clip.
            let clip = folder.appendingPathComponent("clip.mp4")
            try FileManager.default.copyItem(at: try Fixtures.clips()[0].video, to: clip)
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(60)], ofItemAtPath: clip.path)

            let app = try AppProcess([folder.path, "--report-state"], display: nil, environment: mutter.waylandEnvironment)
            let playing = app.waitForState(timeout: 30) { $0.phase == "feed" && $0.currentIndex == 0 && $0.playersPlaying == 1 }
            try #require(playing != nil, "the first post plays on mutter; last state \(String(describing: app.latest)); stderr: \(app.stderr)")
            #expect(playing?.currentID == clip.path)

            let pointer = try mutter.pointer()
            try pointer.move(toX: HeadlessMutter.monitorSize.width / 2, y: HeadlessMutter.monitorSize.height / 2)
            // The window is 760 px tall by default; its feed about 710.
            try expectSettles(app, from: 0, on: 1, "a decisive swipe") { try pointer.swipe(pixels: 500, milliseconds: 300) }
            try expectSettles(app, from: 1, on: 1, "a slow short swipe") { try pointer.swipe(pixels: 150, milliseconds: 900) }
            try expectSettles(app, from: 1, on: 0, "a swipe up") { try pointer.swipe(pixels: -500, milliseconds: 300) }
            try expectSettles(app, from: 0, on: 1, "another swipe") { try pointer.swipe(pixels: 500, milliseconds: 300) }
            // The swipe before left GTK's scroll open: a notch still pages one.
            try PagingChecks.expect(app, from: 1, landsOn: 2, "a wheel notch after a swipe without lift") { try pointer.notch(1) }
            try PagingChecks.expect(app, from: 2, landsOn: 3, "another notch") { try pointer.notch(1) }
            try PagingChecks.expect(app, from: 3, landsOn: 2, "a notch up") { try pointer.notch(-1) }
        }

        /// Runs `swipe` and expects the feed, which never hears the lift, to
        /// settle on `index` within half a second of the swipe's last event,
        /// having shown no page but `from` and `index`.
        private func expectSettles(_ app: AppProcess, from: Int, on index: Int, _ what: String,
                                   after swipe: () throws -> Void,
                                   sourceLocation: SourceLocation = #_sourceLocation) throws {
            let seen = app.states.count
            try swipe()
            let lastEvent = Date()
            let landed = app.waitForState(after: seen, timeout: 10) { $0.settled == true && $0.currentIndex == index }
            let took = Date().timeIntervalSince(lastEvent)
            let visited = app.states.dropFirst(seen).map(\.currentIndex)
            #expect(landed != nil, "\(what): expected to settle on \(index); went \(visited), last \(String(describing: app.latest))",
                    sourceLocation: sourceLocation)
            #expect(took <= 0.5, "\(what): settled \(Int(took * 1000)) ms after the last event", sourceLocation: sourceLocation)
            #expect(app.states.dropFirst(seen).contains { $0.settled == false }, "\(what): the pages did not move",
                    sourceLocation: sourceLocation)
            #expect(visited.allSatisfy { $0 == from || $0 == index }, "\(what): passed through other pages: \(visited)",
                    sourceLocation: sourceLocation)
        }
    }
}
