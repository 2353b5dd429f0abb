import FeedCore
import FeedDemo
import FeedMedia
import Foundation
import Testing

extension AppUnderX {
    /// A JSON feed over loopback HTTP, served by Flick's own MediaServer with
    /// injected faults, opened by the real app.
    @Suite("Playing a feed over HTTP")
    struct RemoteFeedUITests {
        /// Makes one short clip with the demo generator (shared across runs).
        private func clip() throws -> DemoClip {
            try Fixtures.clips()[0]
        }

        @Test("videos in a local folder play, the next one prepared")
        func folderVideos() throws {
            let clips = try Fixtures.clips()
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-videos-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            for clip in clips {
                try FileManager.default.copyItem(at: clip.video, to: folder.appendingPathComponent(clip.video.lastPathComponent))
            }
            let app = try AppProcess([folder.path, "--report-state"])
            let playing = app.waitForState(timeout: 30) {
                $0.phase == "feed" && $0.playersPlaying == 1 && ($0.playersPrepared ?? 0) == 1 && $0.currentFrameSource != nil
            }
            #expect(playing != nil, "\(String(describing: app.latest)); stderr: \(app.stderr)")
            #expect(playing?.currentFrameSource == playing?.currentURI)
        }

        @Test("flick serve publishes a folder as a feed that flick opens")
        func serveAndOpen() throws {
            let folder = try Fixtures.pictureFolder(count: 25)
            defer { try? FileManager.default.removeItem(at: folder) }
            let (server, url, text) = try Fixtures.serve(folder)
            defer { server.terminate(); server.waitUntilExit() }
            #expect(text.hasPrefix("Serving 25 items"))

            let app = try AppProcess([url, "--report-state"])
            let first = app.waitForState(timeout: 20) { $0.phase == "feed" && $0.currentReady == true }
            #expect(first?.itemCount == 20, "the first page of 20: \(String(describing: first)); \(app.stderr)")
            let window = try app.focusedWindow()
            try X11.key("End", window: window)
            // Landing near the end of the first page loads the second: all 25.
            #expect(app.waitForState(timeout: 20) { $0.itemCount == 25 } != nil, "\(String(describing: app.latest))")
        }

        @Test("a video answering 503 twice plays after automatic retries; a 403 shows an error card with no Retry")
        func httpErrors() throws {
            let clip = try clip()
            let server = MediaServer()
            let base = try server.startOnOwnThread()
            defer { server.stop() }
            server.serveFile(clip.video, at: "/flaky.mp4", contentType: "video/mp4")
            server.serveFile(clip.video, at: "/forbidden.mp4", contentType: "video/mp4")
            server.setFault(.failTimes(2, status: 503), for: "/flaky.mp4")
            server.setFault(.status(403), for: "/forbidden.mp4")
            // Ids of this run only: the cache keys videos by id, and a cached
            // copy from an earlier run would play without asking the server.
            let run = UUID().uuidString
            let feed = """
            {"items": [
              {"id": "flaky-\(run)", "type": "video", "uri": "\(base.absoluteString)flaky.mp4", "title": "Flaky"},
              {"id": "forbidden-\(run)", "type": "video", "uri": "\(base.absoluteString)forbidden.mp4", "title": "Forbidden"}
            ], "next": null}
            """
            server.serveJSON(at: "/feed.json") { _ in Data(feed.utf8) }

            let app = try AppProcess([base.absoluteString + "feed.json", "--report-state"])
            let playing = app.waitForState(timeout: 30) {
                $0.phase == "feed" && $0.currentID == "flaky-\(run)" && $0.playersPlaying == 1 && $0.currentError == nil
            }
            #expect(playing != nil, "the flaky video never played: \(String(describing: app.latest)); stderr: \(app.stderr)")
            #expect(server.requests(path: "/flaky.mp4").count >= 3, "two failures, then the answer that played")
            #expect(!app.states.contains { $0.currentError != nil && $0.currentID == "flaky-\(run)" }, "retries are silent")

            let window = try app.focusedWindow()
            let seen = app.states.count
            try X11.key("Down", window: window)
            let failed = app.waitForState(after: seen, timeout: 20) { $0.currentID == "forbidden-\(run)" && $0.currentError != nil }
            #expect(failed?.currentError == "HTTP_ERROR", "\(String(describing: app.latest))")
            #expect(failed?.currentErrorRetryable == false, "a 403 is not worth retrying: no Retry button")
            // What the user sees: the card's words over the page, not an empty page.
            let shot = app.home.appendingPathComponent("error-card.png")
            var colours = 0
            let deadline = Date().addingTimeInterval(3)
            repeat {
                try X11.run(["import", "-window", window, shot.path])
                colours = Int(try X11.run(["identify", "-format", "%k", shot.path])
                    .trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
            } while colours <= 20 && Date() < deadline
            #expect(colours > 20, "a screenshot of the error card shows text, \(colours) colours")
        }
    }
}
