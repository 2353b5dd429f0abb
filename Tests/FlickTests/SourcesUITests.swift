import FeedCore
import FeedDemo
import FeedMedia
import FlickTestSupport
import Foundation
import Testing

extension AppUnderX {
    /// The sources sidebar and what it remembers across launches.
    @Suite("The sources sidebar")
    struct SourcesUITests {
        /// Settings on disk, shared by the launches of one test.
        static func sharedSettings() throws -> (URL, [String: String]) {
            let config = FileManager.default.temporaryDirectory.appendingPathComponent("flick-sources-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
            return (config, ["GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": config.path])
        }

        @Test("add a source with its preview, switch with Ctrl+N, rename, come back to the same post, reopen it after a restart, remove it")
        func addSwitchRemoveReopen() throws {
            let run = UUID().uuidString.lowercased()
            let (feedServer, feedAddress) = try ServiceFeedUITests.serve("jsonfeed", run: run)
            defer { feedServer.stop() }
            let (tagServer, tagAddress) = try ServiceFeedUITests.serve("mastodon", run: String(run.reversed()))
            defer { tagServer.stop() }
            let (config, environment) = try Self.sharedSettings()
            defer { try? FileManager.default.removeItem(at: config) }

            // First launch: a JSON Feed from the command line is listed after the demo.
            var app = try AppProcess([feedAddress, "--report-state"], environment: environment)
            defer { app.stop() }
            #expect(app.waitForState(timeout: 60) { $0.phase == "feed" && $0.currentSource == 1 && $0.playersPlaying == 1 } != nil,
                    "\(String(describing: app.latest)); \(app.stderr)")
            #expect(app.latest?.sources?.count == 2)
            var window = try app.focusedWindow()
            try X11.key("F9", window: window)
            #expect(app.waitForState { $0.sidebarShown == true } != nil, "F9 shows the sidebar")

            // Add Source: the address is previewed before Add is possible.
            var seen = app.states.count
            try X11.key("ctrl+n", window: window)
            #expect(app.waitForState(after: seen) { $0.sourcePreview?.hasPrefix("Paste") == true } != nil, "the dialog opened")
            try X11.run(["xdotool", "type", "--delay", "5", tagAddress])
            let previewed = app.waitForState(after: seen, timeout: 30) { $0.sourcePreview?.contains("40+ posts") == true }
            #expect(previewed?.sourcePreview?.contains("Clip 1") == true, "\(String(describing: app.latest?.sourcePreview))")
            seen = app.states.count
            try X11.run(["xdotool", "key", "Return"])
            let added = app.waitForState(after: seen, timeout: 30) {
                $0.currentSource == 2 && $0.phase == "feed" && $0.playersPlaying == 1 && $0.itemCount >= 40
            }
            #expect(added?.sources?.last == "#clips on 127.0.0.1", "\(String(describing: app.latest))")
            #expect(added?.sourcePreview == nil, "the dialog closed")

            // Five posts in, switch away and back: the same post again.
            window = try app.focusedWindow()
            for index in 1...5 {
                try X11.key("Down", window: window)
                #expect(app.waitForState(timeout: 20) { $0.currentIndex == index && $0.settled == true } != nil)
            }
            let fifth = try #require(app.latest?.currentID)
            seen = app.states.count
            try X11.key("ctrl+2", window: window)
            #expect(app.waitForState(after: seen, timeout: 30) { $0.currentSource == 1 && $0.currentIndex == 0 && $0.phase == "feed" } != nil)
            seen = app.states.count
            try X11.key("ctrl+3", window: window)
            let back = app.waitForState(after: seen, timeout: 30) { $0.currentSource == 2 && $0.currentID == fifth && $0.playersPlaying == 1 }
            #expect(back?.currentIndex == 5, "resumed on the post it was left on: \(String(describing: app.latest))")

            // Rename it (F2): the sidebar and the saved list say the new name.
            seen = app.states.count
            try X11.key("F2", window: window)
            usleep(500_000)
            try X11.run(["xdotool", "key", "ctrl+a"])
            try X11.run(["xdotool", "type", "--delay", "5", "Cats"])
            try X11.run(["xdotool", "key", "Return"])
            #expect(app.waitForState(after: seen) { $0.sources?.last == "Cats" } != nil, "\(String(describing: app.latest?.sources))")
            app.stop()

            // Second launch, nothing named: the last source reopens on the same post.
            app = try AppProcess(["--report-state"], environment: environment)
            let reopened = app.waitForState(timeout: 60) { $0.phase == "feed" && $0.currentSource == 2 && $0.currentID == fifth }
            #expect(reopened?.currentIndex == 5, "\(String(describing: app.latest)); \(app.stderr)")
            #expect(reopened?.sources == ["Demo", "127.0.0.1", "Cats"])

            // Remove it (Ctrl+Delete): the one before it opens.
            window = try app.focusedWindow()
            seen = app.states.count
            try X11.key("ctrl+Delete", window: window)
            let removed = app.waitForState(after: seen, timeout: 30) { $0.sources?.count == 2 && $0.currentSource == 1 && $0.phase == "feed" }
            #expect(removed?.sources == ["Demo", "127.0.0.1"], "\(String(describing: app.latest))")
        }

        @Test("a bare server's address is listed by the name the server gives")
        func namedByTheServer() throws {
            let run = UUID().uuidString.lowercased()
            let (server, _) = try ServiceFeedUITests.serve("peertube", run: run)
            defer { server.stop() }
            server.serveAnswers(at: "/api/v1/config") { _ in .init(status: 200, body: PeerTubeBodies.config) }
            let app = try AppProcess([server.baseURL!.absoluteString, "--report-state"])
            defer { app.stop() }
            let named = app.waitForState(timeout: 60) { $0.phase == "feed" && $0.sources?.last == "Clips of the Harbour" }
            #expect(named?.currentSource == 1, "\(String(describing: app.latest)); \(app.stderr)")
            // Found by detection, its posts still get their details and play.
            let playing = app.waitForState(timeout: 30) { $0.playersPlaying == 1 && $0.currentError == nil }
            #expect(playing?.currentURI?.hasSuffix(".mp4") == true, "\(String(describing: app.latest)); \(app.stderr)")
        }

        /// A new folder holding one clip, `one.mp4`.
        static func folderWithClip(_ prefix: String) throws -> URL {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: try Fixtures.clips()[0].video, to: folder.appendingPathComponent("one.mp4"))
            return folder
        }

        /// Opens `source` (a folder or playlist) so that it is the one to
        /// reopen, lets `breakIt` change it on disk, then launches with no
        /// source. Returns that launch (to stop), the state in which it showed
        /// the demo (nil if it never did) and the settings folder (to remove).
        static func reopenAfter(opening source: URL, _ breakIt: () throws -> Void) throws
            -> (app: AppProcess, demo: ReportedState?, config: URL) {
            let (config, environment) = try sharedSettings()
            do {
                let first = try AppProcess([source.path, "--report-state"], environment: environment)
                #expect(first.waitForState(timeout: 60) { $0.phase == "feed" && $0.currentSource == 1 } != nil,
                        "\(String(describing: first.latest)); \(first.stderr)")
                first.stop()
                try breakIt()
                let app = try AppProcess(["--report-state"], environment: environment)
                return (app, app.waitForState(timeout: 180) { $0.phase == "feed" && $0.currentSource == 0 }, config)
            } catch {
                try? FileManager.default.removeItem(at: config)
                throw error
            }
        }

        @Test("a last source that is gone (a deleted folder) opens the demo instead, saying why")
        func goneLastSource() throws {
            let folder = try Self.folderWithClip("flick-gone")
            defer { try? FileManager.default.removeItem(at: folder) }
            let (app, demo, config) = try Self.reopenAfter(opening: folder) {
                try FileManager.default.removeItem(at: folder)
            }
            defer { try? FileManager.default.removeItem(at: config) }
            defer { app.stop() }
            #expect(demo?.sources?.count == 2, "still listed: \(String(describing: app.latest)); \(app.stderr)")
            #expect(app.stderr.contains("could not open the folder"), "says why: \(app.stderr)")
        }

        @Test("a last source that is now a named pipe named as a playlist opens the demo, saying why; launch never waits on it",
              .timeLimit(.minutes(5)))
        func pipeLastSource() throws {
            let folder = try Self.folderWithClip("flick-pipe-list")
            defer { try? FileManager.default.removeItem(at: folder) }
            let list = folder.appendingPathComponent("list.m3u")
            try Data("one.mp4\n".utf8).write(to: list)
            let (app, demo, config) = try Self.reopenAfter(opening: list) {
                try FileManager.default.removeItem(at: list)
                #expect(mkfifo(list.path, 0o600) == 0)
            }
            defer { try? FileManager.default.removeItem(at: config) }
            defer { app.stop() }
            #expect(demo != nil, "\(String(describing: app.latest)); \(app.stderr)")
            #expect(demo?.sources?.count == 2, "still listed: \(String(describing: app.latest))")
            #expect(app.stderr.contains("could not open the playlist") && app.stderr.contains("not a regular file"),
                    "says why: \(app.stderr)")
        }

        @Test("a sensitive post is covered and not prepared until shown; the setting shows it live")
        func sensitive() throws {
            let clips = try Fixtures.clips()
            let server = MediaServer()
            let base = try server.startOnOwnThread()
            defer { server.stop() }
            let run = UUID().uuidString.lowercased()
            server.serveFile(clips[0].video, at: "/media/\(run)-hidden.mp4", contentType: "video/mp4")
            server.serveFile(clips[1].video, at: "/media/\(run)-open.mp4", contentType: "video/mp4")
            let statuses = [
                MastodonBodies.status("2", content: "<p>spoiler</p>", media: [
                    MastodonBodies.attachment("\(run)-a", type: "video", url: "\(base.absoluteString)media/\(run)-hidden.mp4")],
                                      spoiler: "Spiders"),
                MastodonBodies.status("1", content: "<p>open</p>", media: [
                    MastodonBodies.attachment("\(run)-b", type: "video", url: "\(base.absoluteString)media/\(run)-open.mp4")]),
                MastodonBodies.status("0", content: "<p>also</p>", media: [
                    MastodonBodies.attachment("\(run)-c", type: "video", url: "\(base.absoluteString)media/\(run)-open.mp4")],
                                      sensitive: true),
            ]
            server.serveAnswers(at: "/api/v1/timelines/tag/cats") { _ in
                .init(status: 200, body: Data(("[" + statuses.joined(separator: ",") + "]").utf8))
            }
            let app = try AppProcess(["mastodon:127.0.0.1:\(base.port!)/tags/cats", "--report-state"],
                                     environment: ["GSETTINGS_BACKEND": "keyfile"])
            defer { app.stop() }
            let covered = app.waitForState(timeout: 60) {
                $0.phase == "feed" && $0.currentIndex == 0 && $0.sensitiveHidden == true && ($0.playersPrepared ?? 0) >= 1
            }
            #expect(covered != nil, "\(String(describing: app.latest)); \(app.stderr)")
            #expect(covered?.playersPlaying == 0, "nothing plays under the cover")
            // Once the next post's bytes are asked for, the plan has run: the
            // covered one was neither prepared nor preloaded.
            let deadline = Date().addingTimeInterval(20)
            while server.requests(path: "/media/\(run)-open.mp4").isEmpty, Date() < deadline { usleep(50_000) }
            #expect(!server.requests(path: "/media/\(run)-open.mp4").isEmpty, "the next post was prepared")
            #expect(server.requests(path: "/media/\(run)-hidden.mp4").isEmpty)

            // A click on the covered post shows it, and it plays.
            let window = try app.focusedWindow()
            let (width, height) = try X11.geometry(window)
            var seen = app.states.count
            try X11.run(["xdotool", "mousemove", "--window", window, "\(width / 2)", "\(height / 2)", "click", "1"])
            let shown = app.waitForState(after: seen, timeout: 30) { $0.sensitiveHidden == false && $0.playersPlaying == 1 }
            #expect(shown != nil, "\(String(describing: app.latest))")
            #expect(!server.requests(path: "/media/\(run)-hidden.mp4").isEmpty, "prepared once shown")

            // The setting shows every sensitive post at once, live; off again covers them.
            seen = app.states.count
            try X11.key("Down", window: window)
            #expect(app.waitForState(after: seen) { $0.currentIndex == 1 && $0.settled == true } != nil)
            seen = app.states.count
            try X11.key("Up", window: window)
            #expect(app.waitForState(after: seen) { $0.currentIndex == 0 && $0.sensitiveHidden == false } != nil,
                    "a post once shown stays shown")
            #expect(try GSettingsTool.set("show-sensitive", "true", app: app))
            for index in 1...2 {
                seen = app.states.count
                try X11.key("Down", window: window)
                #expect(app.waitForState(after: seen) { $0.currentIndex == index && $0.settled == true } != nil)
            }
            let third = app.waitForState(timeout: 30) { $0.currentIndex == 2 && $0.playersPlaying == 1 }
            #expect(third?.sensitiveHidden == false, "the setting shows the next sensitive post: \(String(describing: app.latest))")
        }
    }
}
