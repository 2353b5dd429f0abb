import FeedDemo
import FeedMedia
import Foundation
import Testing

extension AppUnderX {
    /// What keyboard and screen-reader users get from the real app.
    @Suite("Accessibility")
    struct AccessibilityUITests {
        /// A desktop handler for PNG pictures that writes the address it was
        /// given to `opened.txt` in `folder`, found through XDG_DATA_HOME.
        private func fakeOpener(in folder: URL) throws -> (environment: [String: String], opened: URL) {
            let applications = folder.appendingPathComponent("data/applications")
            try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
            let opened = folder.appendingPathComponent("opened.txt")
            let script = folder.appendingPathComponent("opener.sh")
            try "#!/bin/sh\nprintf '%s' \"$1\" > '\(opened.path)'\n".write(to: script, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
            try """
                [Desktop Entry]
                Type=Application
                Name=Flick test opener
                Exec=\(script.path) %u
                MimeType=image/png;inode/directory;
                NoDisplay=true

                """.write(to: applications.appendingPathComponent("flick-test-opener.desktop"), atomically: true, encoding: .utf8)
            try "[Default Applications]\nimage/png=flick-test-opener.desktop\ninode/directory=flick-test-opener.desktop\n"
                .write(to: applications.appendingPathComponent("mimeapps.list"), atomically: true, encoding: .utf8)
            return (["XDG_DATA_HOME": folder.appendingPathComponent("data").path], opened)
        }

        @Test("pages are labelled and announced; Tab reaches the buttons with a focus ring; Enter on Show in Files opens the post's folder where no file manager answers")
        func labelsFocusAndOpen() throws {
            let folder = try Fixtures.pictureFolder(count: 3)
            defer { try? FileManager.default.removeItem(at: folder) }
            let (environment, opened) = try fakeOpener(in: folder.appendingPathComponent(".opener"))
            let app = try AppProcess([folder.path, "--report-state"], environment: environment)
            let first = try #require(app.waitForState { $0.phase == "feed" && $0.currentReady == true && $0.focus != nil },
                                     "stderr: \(app.stderr)")
            let window = try app.focusedWindow()
            #expect(first.currentLabel == "Picture: pic-0", "a page says what it shows")
            #expect(first.announcement == "Picture: pic-0, post 1 of 3")
            #expect(first.focus == "feed", "the feed has the keys")

            var seen = app.states.count
            try X11.key("Down", window: window)
            let second = app.waitForState(after: seen) { $0.currentIndex == 1 && $0.settled == true }
            #expect(second?.announcement == "Picture: pic-1, post 2 of 3", "a page change is announced")

            // Tab walks the current page's buttons, each drawn with a focus ring.
            let before = app.home.appendingPathComponent("unfocused.png")
            let after = app.home.appendingPathComponent("focused.png")
            try X11.run(["import", "-window", window, before.path])
            var visited: [String] = []
            for _ in 0..<6 where visited.last != "Show in Files" {
                seen = app.states.count
                try X11.key("Tab", window: window)
                guard let moved = app.waitForState(after: seen, { $0.focus != nil && $0.focus != visited.last && $0.focus != "feed" })?.focus
                else { break }
                visited.append(moved)
            }
            #expect(visited == ["Like (L)", "Copy the link (Ctrl+C)", "Show in Files"], "the buttons in order: \(visited)")
            // The ring may reach the X server a frame after the focus moved: look again for up to 3 s.
            var difference = ""
            let shown = Date().addingTimeInterval(3)
            repeat {
                try X11.run(["import", "-window", window, after.path])
                difference = try X11.run(["compare", "-metric", "AE", "-fuzz", "5%", before.path, after.path, "null:"], allowFailure: true)
            } while (Int(difference.split(separator: " ").first ?? "") ?? 0) <= 20 && Date() < shown
            #expect((Int(difference.split(separator: " ").first ?? "") ?? 0) > 20, "the focused button shows a ring: \(difference)")

            try X11.key("Return", window: window)
            var address = ""
            let deadline = Date().addingTimeInterval(10)
            while address.isEmpty, Date() < deadline {
                address = (try? String(contentsOf: opened, encoding: .utf8)) ?? ""
                if address.isEmpty { usleep(100_000) }
            }
            // No file manager on the test's bus: the post's folder opens with
            // the desktop's handler (GIO hands it a path or a URI).
            let openedPath = address.hasPrefix("file://") ? (URL(string: address)?.path ?? address) : address
            #expect(openedPath.trimmingCharacters(in: CharacterSet(charactersIn: "/")) == folder.path.trimmingCharacters(in: CharacterSet(charactersIn: "/")),
                    "the desktop's handler got the post's folder: \(address)")

            // Paging from a button: the focus comes back to the feed, whose keys keep working.
            seen = app.states.count
            try X11.run(["xdotool", "windowfocus", "--sync", window])
            try X11.key("Down", window: window)
            #expect(app.waitForState(after: seen) { $0.currentIndex == 2 && $0.focus == "feed" } != nil,
                    "\(String(describing: app.latest))")
            seen = app.states.count
            try X11.key("Up", window: window)
            #expect(app.waitForState(after: seen) { $0.currentIndex == 1 } != nil, "the keys still page")
        }

        @Test("with animations off, loading placeholders are static; with them on, they sweep", arguments: [false, true])
        func shimmer(animations: Bool) throws {
            let app = try AppProcess(["--page-delay", "3000", "--report-state"], animations: animations)
            let waiting = app.waitForState(timeout: 300) { $0.phase == "feed" && ($0.skeletonPages ?? 0) > 0 }
            try #require(waiting != nil, "skeletons show while the first page is delayed; stderr: \(app.stderr)")
            let filled = app.waitForState(timeout: 20) { $0.itemCount > 0 }
            #expect(filled != nil)
            let skeletons = app.states.filter { ($0.skeletonPages ?? 0) > 0 && $0.itemCount == 0 }
            if animations {
                #expect(skeletons.contains { ($0.shimmersAnimating ?? 0) > 0 }, "placeholders sweep: \(skeletons.map(\.shimmersAnimating))")
            } else {
                #expect(skeletons.allSatisfy { $0.shimmersAnimating == 0 }, "never a sweep: \(skeletons.map(\.shimmersAnimating))")
            }
        }
    
        /// Roles a screen reader announces as controls (AT-SPI role names).
        static let controlRoles: Set<String> = ["push button", "toggle button", "check box", "radio button", "image",
                                                 "progress bar", "slider", "scroll bar", "spin button", "entry",
                                                 "menu item", "link", "combo box"]

        /// Whether `name` is a GTK or libadwaita class name ("GtkPicture"),
        /// what GTK 4.8 says of a widget nobody named.
        static func isClassName(_ name: String) -> Bool {
            name.range(of: "^(Gtk|Adw)[A-Z][A-Za-z]+$", options: .regularExpression) != nil
        }

        @Test("screen readers find named controls of the current page only, and hear the like state and count", .timeLimit(.minutes(2)))
        func accessibleTreeOfTheCurrentPage() throws {
            let folder = try Fixtures.pictureFolder(count: 3)
            defer { try? FileManager.default.removeItem(at: folder) }
            let server = MediaServer()
            let base = try server.startOnOwnThread()
            defer { server.stop() }
            for index in 0..<3 {
                server.serveFile(folder.appendingPathComponent("pic-\(index).png"), at: "/pic-\(index).png", contentType: "image/png")
            }
            let feed = """
                {"items": [
                  {"id": "a", "type": "image", "uri": "\(base.absoluteString)pic-0.png", "title": "First", "likes": 12},
                  {"id": "b", "type": "image", "uri": "\(base.absoluteString)pic-1.png", "title": "Second", "likes": 1, "liked": true},
                  {"id": "c", "type": "image", "uri": "\(base.absoluteString)pic-2.png", "title": "Third", "liked": true}
                ], "next": null}
                """
            server.serveJSON(at: "/feed.json") { _ in Data(feed.utf8) }
            let tree = try AccessibleTree()
            let app = try AppProcess([base.appendingPathComponent("feed.json").absoluteString, "--report-state"],
                                     environment: tree.environment)
            #expect(app.waitForState(timeout: 30) { $0.phase == "feed" && $0.currentReady == true && $0.mountedPages == 3 } != nil,
                    "\(String(describing: app.latest)); \(app.stderr)")
            let pid = app.process.processIdentifier

            let nodes = try tree.nodes(of: pid)
            let controls = nodes.filter { Self.controlRoles.contains($0.role) }
            #expect(!controls.isEmpty)
            for control in controls {
                #expect(!control.name.isEmpty && !Self.isClassName(control.name),
                        "a \(control.role) is named \"\(control.name)\"")
            }
            // libadwaita's header bar boxes ("AdwGizmo") are the one unnamed
            // filler left; no other node speaks a class name.
            let classNamed = nodes.filter { Self.isClassName($0.name) && $0.name != "AdwGizmo" }
            #expect(classNamed.isEmpty, "\(classNamed.map { "\($0.role) \($0.name)" })")
            #expect(nodes.contains { $0.role == "push button" && $0.name == "Main menu" })
            // Three pages are mounted; only the current one is in the tree.
            #expect(nodes.filter { $0.name == "Copy the link" }.count == 1)
            #expect(nodes.filter { $0.role == "push button" && $0.name.hasPrefix("Like") }.map(\.name) == ["Like, 12 likes"])
            #expect(!nodes.contains { $0.name == "♡" || $0.name == "♥" || $0.name == "12" }, "the heart and count are in the name")
            #expect(nodes.contains { $0.role == "image" && $0.name == "Picture: First" }, "the picture is named after the post")
            #expect(nodes.contains { $0.name == "Picture: First" && $0.description == "Post 1 of 3" }, "the feed says which post")

            // A page change renames the feed and exposes the next page instead.
            let window = try app.focusedWindow()
            let seen = app.states.count
            try X11.key("Down", window: window)
            #expect(app.waitForState(after: seen) { $0.currentIndex == 1 && $0.settled == true } != nil)
            let next = try tree.nodes(of: pid)
            #expect(next.contains { $0.name == "Picture: Second" && $0.description == "Post 2 of 3" })
            #expect(next.filter { $0.role == "push button" && $0.name.hasPrefix("Like") }.map(\.name) == ["Liked, 1 like"])
            #expect(!next.contains { $0.name == "Picture: First" }, "the page left behind is hidden")

            let last = app.states.count
            try X11.key("Down", window: window)
            #expect(app.waitForState(after: last) { $0.currentIndex == 2 && $0.settled == true } != nil)
            #expect(try tree.nodes(of: pid).filter { $0.role == "push button" && $0.name.hasPrefix("Like") }.map(\.name) == ["Liked"])
        }
    }
}
