import FeedCore
import FeedDemo
import FeedMedia
import Foundation
import Testing

extension AppUnderX {
    /// The real app against feeds and servers that misbehave on purpose.
    @Suite("Hostile feeds and servers")
    struct HostileInputUITests {
        /// A server with `clip` at `/clip.mp4` and a one-item feed whose item has `id`.
        static func feedServer(clip: URL, id: String, title: String = "Clip") throws -> (MediaServer, URL) {
            let server = MediaServer()
            let base = try server.startOnOwnThread()
            server.serveFile(clip, at: "/clip.mp4", contentType: "video/mp4")
            let titleJSON = String(decoding: try JSONEncoder().encode(title), as: UTF8.self)
            let feed = """
            {"items": [{"id": "\(id)", "type": "video", "uri": "\(base.absoluteString)clip.mp4", "title": \(titleJSON)},
                       {"id": "\(id)-2", "type": "video", "uri": "\(base.absoluteString)clip.mp4"}], "next": null}
            """
            server.serveJSON(at: "/feed.json") { _ in Data(feed.utf8) }
            return (server, base.appendingPathComponent("feed.json"))
        }

        @Test("two feeds of two origins using the same item ids each play their own media, and a playing http(s) video is current_ready")
        func sameIDsTwoOrigins() throws {
            let clips = try Fixtures.clips()
            let id = "same-\(UUID().uuidString)"
            let (first, firstFeed) = try Self.feedServer(clip: clips[0].video, id: id)
            defer { first.stop() }
            let (second, secondFeed) = try Self.feedServer(clip: clips[1].video, id: id)
            defer { second.stop() }
            let playing = { (state: ReportedState) in
                state.phase == "feed" && state.currentID == id && state.playersPlaying == 1
                    && state.currentFrameSource != nil && state.currentReady == true
            }

            let one = try AppProcess([firstFeed.absoluteString, "--report-state"])
            #expect(one.waitForState(timeout: 30, playing) != nil, "\(String(describing: one.latest)); \(one.stderr)")
            one.stop()
            #expect(first.bytesSent(path: "/clip.mp4") > 0)

            // Same cache, same ids, another origin: its own clip is fetched and played.
            let two = try AppProcess([secondFeed.absoluteString, "--report-state"])
            #expect(two.waitForState(timeout: 30, playing) != nil, "\(String(describing: two.latest)); \(two.stderr)")
            #expect(second.bytesSent(path: "/clip.mp4") > 0, "the second feed asked its own server for its clip")
            two.stop()
        }

        @Test("a multi-megabyte title is cut and keys still page at once")
        func hugeTitle() throws {
            let clip = try Fixtures.clips()[0]
            let id = "long-\(UUID().uuidString)"
            let (server, feed) = try Self.feedServer(clip: clip.video, id: id,
                                                     title: String(repeating: "A very long title. ", count: 250_000))
            defer { server.stop() }
            let app = try AppProcess([feed.absoluteString, "--report-state"])
            let shown = app.waitForState(timeout: 30) { $0.phase == "feed" && $0.currentID == id && $0.currentReady == true }
            #expect(shown != nil, "\(String(describing: app.latest)); \(app.stderr)")
            let window = try app.focusedWindow()
            let seen = app.states.count
            let pressed = Date()
            try X11.key("Down", window: window)
            let paged = app.waitForState(after: seen, timeout: 20) { $0.currentIndex == 1 }
            let latency = Date().timeIntervalSince(pressed)
            #expect(paged != nil, "\(String(describing: app.latest))")
            // A bound, not a speed target: the uncut title froze the window for ~15 s.
            #expect(latency < 2, "the page changed \(latency) s after the key")
        }

        @Test("a feed answering 500 keeps phase error while its error page shows")
        func feedErrorPhase() throws {
            let server = MediaServer()
            let base = try server.startOnOwnThread()
            defer { server.stop() }
            server.serveJSON(at: "/feed.json") { _ in Data("{}".utf8) }
            server.setFault(.status(500), for: "/feed.json")
            let app = try AppProcess([base.absoluteString + "feed.json", "--report-state"])
            #expect(app.waitForState(timeout: 30) { $0.phase == "error" } != nil, "\(String(describing: app.latest)); \(app.stderr)")
            // Something that makes the app print a line again: the content-fit key.
            let window = try app.focusedWindow()
            let seen = app.states.count
            try X11.key("c", window: window)
            let after = app.waitForState(after: seen, timeout: 10) { $0.contentFit == "cover" }
            #expect(after != nil, "\(String(describing: app.latest))")
            #expect(after?.phase == "error")
            #expect(!app.states.drop(while: { $0.phase != "error" }).contains { $0.phase == "feed" },
                    "no line after the error says feed")
        }
    }
}
