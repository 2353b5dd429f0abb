import FeedDemo
import Foundation
import Testing

extension AppUnderX {
    /// Ctrl+S keeps a post as a file in the user's Videos folder.
    @Suite("Saving a post")
    struct SaveUITests {
        /// A config home whose user-dirs.dirs puts Videos and Pictures in `folder`.
        private func configHome(in folder: URL) throws -> URL {
            let config = folder.appendingPathComponent("config")
            try FileManager.default.createDirectory(at: config.appendingPathComponent("gtk-4.0"), withIntermediateDirectories: true)
            try "[Settings]\ngtk-enable-animations=0\n".write(to: config.appendingPathComponent("gtk-4.0/settings.ini"),
                                                              atomically: true, encoding: .utf8)
            try """
            XDG_VIDEOS_DIR="\(folder.appendingPathComponent("Videos").path)"
            XDG_PICTURES_DIR="\(folder.appendingPathComponent("Pictures").path)"
            XDG_DOWNLOAD_DIR="\(folder.appendingPathComponent("Downloads").path)"

            """.write(to: config.appendingPathComponent("user-dirs.dirs"), atomically: true, encoding: .utf8)
            return config
        }

        private func sha256(_ file: URL) throws -> String {
            String(try X11.run(["sha256sum", file.path]).prefix(64))
        }

        /// The files in `folder`, hidden ones included, sorted.
        private func files(in folder: URL) -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        }

        @Test("Ctrl+S saves the post into Videos under its title made safe, byte for byte; again, from the cache without a request; a 404 and a full disk say why and leave no file")
        func savesThePost() throws {
            let clip = try Fixtures.clips()[0].video
            let server = MediaServer()
            let base = try server.startOnOwnThread()
            defer { server.stop() }
            let run = UUID().uuidString
            server.serveFile(clip, at: "/media/harbour.mp4", contentType: "video/mp4")
            let feed = #"""
                {"items": [{"id": "s-\#(run)-1", "type": "video", "uri": "\#(base.absoluteString)media/harbour.mp4", "title": "Harbour / dawn\n../at sea"},
                           {"id": "s-\#(run)-2", "type": "video", "uri": "\#(base.absoluteString)media/gone.mp4", "title": "Gone"}],
                 "next": null}
                """#
            server.serveJSON(at: "/feed.json") { _ in Data(feed.utf8) }
            let home = FileManager.default.temporaryDirectory.appendingPathComponent("flick-save-\(run)")
            defer {
                _ = try? X11.run(["umount", home.appendingPathComponent("Videos").path], allowFailure: true)
                try? FileManager.default.removeItem(at: home)
            }
            let videos = home.appendingPathComponent("Videos")
            try FileManager.default.createDirectory(at: videos, withIntermediateDirectories: true)
            let app = try AppProcess([base.absoluteString + "feed.json", "--report-state"],
                                     environment: ["XDG_CONFIG_HOME": try configHome(in: home).path])
            let playing = try #require(app.waitForState(timeout: 30) { $0.currentIndex == 0 && $0.playersPlaying == 1 },
                                       "\(String(describing: app.latest)); \(app.stderr)")
            #expect(playing.savesDone == 0)
            let window = try app.focusedWindow()

            try X11.key("ctrl+s", window: window)
            let saved = app.waitForState(timeout: 30) { $0.savesDone == 1 }
            #expect(saved?.saveError == nil, "\(String(describing: app.latest))")
            #expect(saved?.lastToast == "Saved “Harbour - dawn ..-at sea.mp4” in Videos", "\(String(describing: saved?.lastToast))")
            let name = "Harbour - dawn ..-at sea.mp4"
            #expect(files(in: videos) == [name], "one file under its safe name, no temporary left")
            #expect(try sha256(videos.appendingPathComponent(name)) == (try sha256(clip)), "the file is the origin's, byte for byte")

            // Held whole in the cache now: saved again without asking the server.
            let asked = server.pathsRequested { $0 == "/media/harbour.mp4" }
            try X11.key("ctrl+s", window: window)
            #expect(app.waitForState(timeout: 30) { $0.savesDone == 2 } != nil, "\(String(describing: app.latest))")
            #expect(server.pathsRequested { $0 == "/media/harbour.mp4" } == asked, "the second save asked nothing of the server")
            #expect(files(in: videos) == [name, "Harbour - dawn ..-at sea (2).mp4"].sorted())
            #expect(try sha256(videos.appendingPathComponent("Harbour - dawn ..-at sea (2).mp4")) == (try sha256(clip)))

            // A post the server no longer has.
            try X11.key("Down", window: window)
            #expect(app.waitForState(timeout: 20) { $0.currentIndex == 1 && $0.settled == true } != nil)
            try X11.key("ctrl+s", window: window)
            let missing = app.waitForState(timeout: 30) { $0.saveError != nil }
            #expect(missing?.saveError?.contains("404") == true, "\(String(describing: app.latest))")
            #expect(missing?.lastToast?.hasPrefix("Could not save:") == true)
            #expect(files(in: videos).count == 2, "nothing more in Videos: \(files(in: videos))")

            // A full disk: Videos on a 4 KiB disk (root), else the file size limit.
            guard getuid() == 0, (try? X11.run(["mount", "-t", "tmpfs", "-o", "size=4k", "tmpfs", videos.path])) != nil else { return }
            try X11.key("Up", window: window)
            #expect(app.waitForState(timeout: 20) { $0.currentIndex == 0 && $0.settled == true } != nil)
            try X11.key("ctrl+s", window: window)
            let full = app.waitForState(timeout: 30) { $0.saveError == "The disk is full" }
            #expect(full != nil, "\(String(describing: app.latest))")
            #expect(files(in: videos).isEmpty, "no file and no temporary on the full disk: \(files(in: videos))")
        }

        @Test("More → Save the post: a slow download shows its progress toast, whose Cancel stops it and leaves no file; an HLS post says it cannot be saved as one file")
        func cancelAndStream() throws {
            let clip = try Fixtures.clips()[0].video
            let size = try #require(try FileManager.default.attributesOfItem(atPath: clip.path)[.size] as? Int)
            // About 40 s for the whole file at this rate, shared with the player's own reads.
            let server = MediaServer(options: .init(bandwidthBitsPerSecond: max(8_000, size * 8 / 40)))
            let base = try server.startOnOwnThread()
            defer { server.stop() }
            let run = UUID().uuidString
            server.serveFile(clip, at: "/media/slow.mp4", contentType: "video/mp4")
            server.serveFile(clip, at: "/media/index.m3u8", contentType: "application/vnd.apple.mpegurl")
            let feed = #"""
                {"items": [{"id": "c-\#(run)-1", "type": "video", "uri": "\#(base.absoluteString)media/slow.mp4", "title": "Slow"},
                           {"id": "c-\#(run)-2", "type": "video", "uri": "\#(base.absoluteString)media/index.m3u8", "title": "Live"}],
                 "next": null}
                """#
            server.serveJSON(at: "/feed.json") { _ in Data(feed.utf8) }
            let home = FileManager.default.temporaryDirectory.appendingPathComponent("flick-save-\(run)")
            defer { try? FileManager.default.removeItem(at: home) }
            let videos = home.appendingPathComponent("Videos")
            try FileManager.default.createDirectory(at: videos, withIntermediateDirectories: true)
            let tree = try AccessibleTree()
            let app = try AppProcess([base.absoluteString + "feed.json", "--report-state"],
                                     environment: tree.environment.merging(["XDG_CONFIG_HOME": try configHome(in: home).path]) { $1 })
            // The feed holds the keys before Ctrl+S (the clip itself is slow to come).
            try #require(app.waitForState(timeout: 30) { $0.currentIndex == 0 && $0.settled == true && $0.focus == "feed" } != nil,
                         "\(String(describing: app.latest)); \(app.stderr)")
            let window = try app.focusedWindow()
            let pid = app.process.processIdentifier

            // The rail's More menu this time (Ctrl+S is the other test's).
            let seen = app.states.count
            try tree.press("More", in: pid)
            let menuShown = Date().addingTimeInterval(10)
            while try !tree.nodes(of: pid).contains(where: { $0.name == "Save the post" }), Date() < menuShown { usleep(100_000) }
            try tree.press("Save the post", in: pid)
            // The toast names the post while its bytes arrive, and offers Cancel.
            let deadline = Date().addingTimeInterval(20)
            var toast: String?
            while toast == nil, Date() < deadline {
                toast = try tree.nodes(of: pid).first { $0.name.hasPrefix("Saving “Slow”…") }?.name
                if toast == nil { usleep(100_000) }
            }
            let names = toast == nil ? ((try? tree.nodes(of: pid)) ?? []).map(\.name).filter { !$0.isEmpty } : []
            #expect(toast != nil, "a progress toast: \(names); \(String(describing: app.latest)); \(app.stderr)")
            #expect(app.states.dropFirst(seen).allSatisfy { $0.savesDone == 0 && $0.saveError == nil }, "still under way")
            // GTK 4.8 names a button by its label twice over.
            try tree.press("Cancel Cancel", in: pid)
            let cancelled = app.waitForState(after: seen, timeout: 20) { $0.saveError != nil }
            #expect(cancelled?.saveError == "Cancelled", "\(String(describing: app.latest))")
            #expect(cancelled?.savesDone == 0)
            #expect(files(in: videos).isEmpty, "no file and no temporary after Cancel: \(files(in: videos))")

            // An HLS post is many files: it says so and asks nothing for it.
            try X11.key("Down", window: window)
            #expect(app.waitForState(after: seen, timeout: 20) { $0.currentIndex == 1 && $0.settled == true } != nil)
            let beforeStream = app.states.count
            try X11.key("ctrl+s", window: window)
            let streamed = app.waitForState(after: beforeStream, timeout: 20) { $0.saveError != nil && $0.saveError != "Cancelled" }
            #expect(streamed?.saveError == "This post is streamed in many small files and cannot be saved as one file",
                    "\(String(describing: app.latest))")
            #expect(files(in: videos).isEmpty)
        }
    }
}
