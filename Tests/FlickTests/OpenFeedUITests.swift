import Foundation
import Testing

extension AppUnderX {
    /// The main menu's ways to open another feed, through their keys.
    @Suite("Opening another feed from the window")
    struct OpenFeedUITests {
        @Test("Ctrl+L asks for a feed URL, refuses one that is not http(s), and opens a served feed")
        func openURL() throws {
            let start = try Fixtures.pictureFolder(count: 1)
            let served = try Fixtures.pictureFolder(count: 2)
            defer {
                try? FileManager.default.removeItem(at: start)
                try? FileManager.default.removeItem(at: served)
            }
            let (server, url, _) = try Fixtures.serve(served)
            defer { server.terminate(); server.waitUntilExit() }
            let app = try AppProcess([start.path, "--report-state"])
            #expect(app.waitForState { $0.phase == "feed" && $0.itemCount == 1 } != nil, "stderr: \(app.stderr)")
            let window = try app.focusedWindow()
            let pid = app.process.processIdentifier

            try X11.key("ctrl+l", window: window)
            let dialog = try #require(X11.window(named: "^Open a Feed URL$", pid: pid), "Ctrl+L opens the URL dialog")
            try X11.run(["xdotool", "windowfocus", "--sync", dialog])
            try X11.run(["xdotool", "type", "--delay", "5", "ftp://example.org/feed.json"])
            try X11.key("Return", window: dialog)
            usleep(500_000)
            #expect(X11.window(named: "^Open a Feed URL$", pid: pid, timeout: 0) != nil, "an ftp address does not close the dialog")
            #expect(app.latest?.itemCount == 1, "nor replace the feed")

            let seen = app.states.count
            try X11.key("ctrl+a", window: dialog)
            try X11.run(["xdotool", "type", "--delay", "5", url])
            try X11.key("Return", window: dialog)
            let opened = app.waitForState(after: seen) { $0.itemCount == 2 && $0.currentReady == true }
            #expect(opened?.currentURI?.hasPrefix("http://127.0.0.1") == true, "the served feed shows: \(String(describing: app.latest))")
            #expect(X11.window(named: "^Open a Feed URL$", pid: pid, timeout: 0) == nil, "and the dialog is gone")
            #expect(try X11.run(["xdotool", "getwindowname", window]).contains("127.0.0.1"), "the title names the feed")
        }

        @Test("Ctrl+O opens a folder chooser, and Escape leaves the feed as it was")
        func folderChooser() throws {
            let start = try Fixtures.pictureFolder(count: 1)
            defer { try? FileManager.default.removeItem(at: start) }
            let app = try AppProcess([start.path, "--report-state"])
            #expect(app.waitForState { $0.phase == "feed" && $0.itemCount == 1 } != nil, "stderr: \(app.stderr)")
            let window = try app.focusedWindow()
            try X11.key("ctrl+o", window: window)
            let chooser = try #require(X11.window(named: "^Open a Folder$", pid: app.process.processIdentifier))
            try X11.run(["xdotool", "windowfocus", "--sync", chooser])
            try X11.key("Escape", window: chooser)
            usleep(300_000)
            #expect(X11.window(named: "^Open a Folder$", pid: app.process.processIdentifier, timeout: 2) == nil, "Escape cancels")
            #expect(app.latest?.itemCount == 1 && app.latest?.phase == "feed")
        }
    }
}
