import Foundation
import Testing

extension AppUnderX {
    /// What a person sees: screenshots of the real window.
    @Suite("What the window shows")
    struct WindowContentTests {
        /// Screenshots `window` until its centre pixel is close to `expected`
        /// (the frame may still be on its way to the X server), for at most
        /// 3 s; returns the last centre colour seen.
        private func centreColour(of window: String, expected: UInt32, into folder: URL) throws -> UInt32 {
            let (width, height) = try X11.geometry(window)
            let shot = folder.appendingPathComponent("centre.png")
            let deadline = Date().addingTimeInterval(3)
            var colour: UInt32 = 0
            repeat {
                try X11.run(["import", "-window", window, shot.path])
                colour = try X11.pixel(shot, x: width / 2, y: height / 2)
            } while !X11.close(colour, expected) && Date() < deadline
            return colour
        }

        @Test("a screenshot shows the current picture filling the page, not a blank window")
        func screenshotShowsContent() throws {
            let folder = try Fixtures.pictureFolder(count: 3, size: (600, 900))
            defer { try? FileManager.default.removeItem(at: folder) }
            let app = try AppProcess([folder.path, "--report-state"])
            let ready = app.waitForState { $0.phase == "feed" && $0.currentReady == true }
            #expect(ready != nil, "the first page never showed its picture; stderr: \(app.stderr)")
            let window = try app.focusedWindow()
            let shot = app.home.appendingPathComponent("shot.png")
            try X11.run(["import", "-window", window, shot.path])
            let centre = try centreColour(of: window, expected: Fixtures.colour(0), into: app.home)
            #expect(X11.close(centre, Fixtures.colour(0)), Comment(rawValue: String(format: "centre is #%06X, expected the newest picture's #%06X", centre, Fixtures.colour(0))))
            let colours = Int(try X11.run(["identify", "-format", "%k", shot.path]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
            #expect(colours > 20, "a window with a picture, a header bar and a caption has many colours, not \(colours)")

            // After paging, the next picture is what fills the window.
            let seen = app.states.count
            try X11.key("Down", window: window)
            #expect(app.waitForState(after: seen) { $0.currentIndex == 1 && $0.settled == true && $0.currentReady == true } != nil)
            let centre2 = try centreColour(of: window, expected: Fixtures.colour(1), into: app.home)
            #expect(X11.close(centre2, Fixtures.colour(1)), Comment(rawValue: String(format: "centre is #%06X after paging, expected #%06X", centre2, Fixtures.colour(1))))
        }

        @Test("an empty folder shows an empty state page")
        func emptyFolder() throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-empty-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let app = try AppProcess([folder.path, "--report-state"])
            let state = app.waitForFolderOutcome()
            #expect(state?.phase == "empty")
            #expect(state?.mountedPages == 0)
            let window = try app.focusedWindow()
            let shot = app.home.appendingPathComponent("empty.png")
            // The first frame may still be on its way to the X server: look again for up to 3 s.
            var colours = 0
            let deadline = Date().addingTimeInterval(3)
            repeat {
                try X11.run(["import", "-window", window, shot.path])
                colours = Int(try X11.run(["identify", "-format", "%k", shot.path]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
            } while colours <= 10 && Date() < deadline
            #expect(colours > 10, "the empty state has an icon and text, not a blank window (\(colours) colours)")
        }
    }
}
