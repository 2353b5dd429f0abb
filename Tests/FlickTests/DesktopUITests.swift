import Foundation
import Testing
@testable import Flick

extension AppUnderX {
    /// The desktop around the feed in the real app: the preferences and
    /// shortcuts windows, fullscreen and the content-fit key.
    @Suite("The desktop around the feed")
    struct DesktopUITests {
        /// A folder feed of one landscape picture, open and focused, with
        /// a cache folder of its own (the shared one holds other tests' bytes);
        /// the returned folder holds both, for removing.
        private func openPicture() throws -> (AppProcess, String, URL) {
            let folder = try Fixtures.pictureFolder(count: 1, size: (600, 300))
            let cache = folder.appendingPathComponent(".cache")
            let app = try AppProcess([folder.path, "--report-state"], environment: ["XDG_CACHE_HOME": cache.path])
            let ready = app.waitForState { $0.phase == "feed" && $0.currentReady == true }
            #expect(ready != nil, "the picture never showed; stderr: \(app.stderr)")
            return (app, try app.focusedWindow(), folder)
        }

        @Test("Ctrl+, opens the preferences, which show the cache usage; Escape closes them")
        func preferencesOpen() throws {
            let (app, window, folder) = try openPicture()
            defer { try? FileManager.default.removeItem(at: folder) }
            let seen = app.states.count
            try X11.key("ctrl+comma", window: window)
            let preferences = try #require(X11.window(named: "^Preferences$", pid: app.process.processIdentifier),
                                           "no Preferences window appeared; stderr: \(app.stderr)")
            let open = app.waitForState(after: seen) { $0.preferencesOpen == true && $0.cacheVideoBytes != nil }
            #expect(open?.cacheVideoBytes == 0 && open?.cacheImageBytes != nil, "usage is read: \(String(describing: open))")

            // A real window with rows, switches and text, not an empty frame.
            let shot = app.home.appendingPathComponent("preferences.png")
            var colours = 0
            let deadline = Date().addingTimeInterval(3)
            repeat {
                try X11.run(["import", "-window", preferences, shot.path])
                colours = Int(try X11.run(["identify", "-format", "%k", shot.path]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
            } while colours <= 30 && Date() < deadline
            #expect(colours > 30, "the preferences show rows and text (\(colours) colours)")

            let before = app.states.count
            try X11.run(["xdotool", "windowfocus", "--sync", preferences])
            try X11.key("Escape", window: preferences)
            #expect(app.waitForState(after: before) { $0.preferencesOpen == false } != nil, "Escape closes the preferences")
        }

        @Test("Ctrl+? and ? open the shortcuts window, which lists exactly the keys that are bound")
        func shortcutsWindow() throws {
            let (app, window, folder) = try openPicture()
            defer { try? FileManager.default.removeItem(at: folder) }
            for key in ["ctrl+question", "question"] {
                try X11.run(["xdotool", "windowfocus", "--sync", window])
                let seen = app.states.count
                try X11.key(key, window: window)
                let shown = app.waitForState(after: seen) { $0.shortcutsListed != nil }
                let listed = try #require(shown?.shortcutsListed, "\(key) opened no shortcuts window; stderr: \(app.stderr)")
                let bound = try #require(shown?.shortcutsBound)
                #expect(listed == bound, "the window lists what GTK has bound (\(key))")
                let titles = Set(ShortcutGroup.allCases.flatMap(\.actions).filter { !$0.accelerators.isEmpty }.map(\.title))
                #expect(Set(bound.keys) == titles, "every bound action has its row, and no other")
                #expect(bound["Next post"] == ["Down", "Page_Down", "j"])
                #expect(bound["Preferences"] == ["<Control>comma"])
                let shortcuts = try #require(X11.window(named: "^Keyboard Shortcuts$", pid: app.process.processIdentifier))
                let closing = app.states.count
                try X11.run(["xdotool", "windowfocus", "--sync", shortcuts])
                try X11.key("Escape", window: shortcuts)
                #expect(app.waitForState(after: closing) { $0.shortcutsListed == nil } != nil, "Escape closes it")
            }
        }

        @Test("c cycles auto, cover and contain: a landscape picture in the portrait window shows whole under auto, fills under cover, and effective_fit says which")
        func contentFit() throws {
            let (app, window, folder) = try openPicture()
            defer { try? FileManager.default.removeItem(at: folder) }
            #expect(app.latest?.contentFit == "auto")
            // A landscape picture in a portrait page: auto would cut off more
            // than a fifth, so it is contained: the page's upper part is the
            // backdrop around it; covered, the page's upper part is the picture.
            let (width, _) = try X11.geometry(window)
            let probe = (x: width / 2, y: 120)
            #expect(app.waitForState { $0.effectiveFit == "contain" } != nil, "auto shows the landscape picture whole")
            #expect(try !colour(of: window, at: probe, near: Fixtures.colour(0), in: app.home, expected: false),
                    "auto leaves room above the picture")

            var seen = app.states.count
            try X11.key("c", window: window)
            #expect(app.waitForState(after: seen) { $0.contentFit == "cover" && $0.effectiveFit == "cover" } != nil)
            #expect(try colour(of: window, at: probe, near: Fixtures.colour(0), in: app.home), "cover fills the page")

            seen = app.states.count
            try X11.key("c", window: window)
            #expect(app.waitForState(after: seen) { $0.contentFit == "contain" && $0.effectiveFit == "contain" } != nil)
            #expect(try !colour(of: window, at: probe, near: Fixtures.colour(0), in: app.home, expected: false),
                    "contain leaves room above the picture")

            seen = app.states.count
            try X11.key("c", window: window)
            #expect(app.waitForState(after: seen) { $0.contentFit == "auto" } != nil, "and c comes back to auto")
        }

        @Test("f and F11 toggle fullscreen, Escape leaves it, and the header bar hides meanwhile")
        func fullscreen() throws {
            let manager = try WindowManager()
            defer { manager.stop() }
            let (app, window, folder) = try openPicture()
            defer { try? FileManager.default.removeItem(at: folder) }
            let screen = try X11.screenSize()
            let normal = try X11.geometry(window)
            #expect(normal != screen, "the window starts smaller than the screen")
            #expect(app.latest?.headerVisible == true)

            for (enter, leave) in [("f", "Escape"), ("F11", "F11"), ("f", "f")] {
                var seen = app.states.count
                try X11.key(enter, window: window)
                let full = try X11.waitForGeometry(window) { $0 == screen }
                #expect(full == screen, "\(enter) makes the window cover the screen")
                let state = app.waitForState(after: seen) { $0.fullscreen == true }
                #expect(state?.headerVisible == false, "the header hides in fullscreen")

                seen = app.states.count
                try X11.key(leave, window: window)
                let back = try X11.waitForGeometry(window) { $0 == normal }
                #expect(back == normal, "\(leave) gives the window its size back")
                #expect(app.waitForState(after: seen) { $0.fullscreen == false && $0.headerVisible == true } != nil)
            }

            // Outside fullscreen, Escape does nothing to the window.
            try X11.key("Escape", window: window)
            usleep(300_000)
            #expect(try X11.geometry(window) == normal)
            #expect(app.latest?.fullscreen == false)
        }

        /// Whether the pixel at `point` of `window` is close to `colour`,
        /// screenshotting for up to 3 s until it is what `expected` says.
        private func colour(of window: String, at point: (x: Int, y: Int), near colour: UInt32, in folder: URL,
                            expected: Bool = true) throws -> Bool {
            let shot = folder.appendingPathComponent("fit.png")
            let deadline = Date().addingTimeInterval(3)
            var matches = false
            repeat {
                try X11.run(["import", "-window", window, shot.path])
                matches = X11.close(try X11.pixel(shot, x: point.x, y: point.y), colour)
            } while matches != expected && Date() < deadline
            return matches
        }
    }
}
