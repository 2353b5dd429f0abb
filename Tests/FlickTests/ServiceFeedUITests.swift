import FeedCore
import FeedDemo
import FeedMedia
import FlickTestSupport
import Foundation
import Testing

extension AppUnderX {
    /// Each kind of feed people follow, served on loopback in the shapes the
    /// services document, opened by the real app and paged through with keys.
    @Suite("Opening the feeds people follow")
    struct ServiceFeedUITests {
        static let posts = 45

        /// A server with `posts` videos (the demo clips, each at a path of
        /// its own and this run's) and the feed of `kind` over them; the
        /// address the app is given.
        static func serve(_ kind: String, run: String) throws -> (MediaServer, String) {
            let clips = try Fixtures.clips()
            let server = MediaServer()
            let base = try server.startOnOwnThread()
            let host = "\(base.host!):\(base.port!)"
            let ids = (0..<posts).map { String(format: "%08x-\(run.prefix(4))-4000-8000-%012d", $0, $0) }
            func media(_ index: Int) -> String { "\(base.absoluteString)media/\(ids[index]).mp4" }
            for (index, id) in ids.enumerated() {
                server.serveFile(clips[index % clips.count].video, at: "/media/\(id).mp4", contentType: "video/mp4")
            }
            let address: String
            switch kind {
            case "peertube":
                let videos = ids.enumerated().map { PeerTubeBodies.video($1, name: "Clip \($0 + 1)") }
                server.serveAnswers(at: "/api/v1/search/videos") { request in
                    let start = Int(request.query["start"] ?? "0") ?? 0
                    let count = Int(request.query["count"] ?? "25") ?? 25
                    let page = start < videos.count ? Array(videos[start..<min(videos.count, start + count)]) : []
                    return .init(status: 200, body: PeerTubeBodies.list(page, total: videos.count))
                }
                for (index, id) in ids.enumerated() {
                    let body = PeerTubeBodies.details(id, name: "Clip \(index + 1)",
                                                      files: [PeerTubeBodies.file(media(index), resolution: 320, height: 320)])
                    server.serveAnswers(at: "/api/v1/videos/\(id)") { _ in .init(status: 200, body: body) }
                }
                address = "peertube:\(host)"
            case "mastodon":
                let statuses = ids.enumerated().map { index, id in
                    MastodonBodies.status("\(1000 - index)", content: "<p>Clip \(index + 1)</p>", media: [
                        MastodonBodies.attachment(id, type: "video", url: media(index))])
                }
                server.serveAnswers(at: "/api/v1/timelines/tag/clips") { request in
                    let older = request.query["max_id"] != nil
                    let page = older ? Array(statuses[40...]) : Array(statuses[..<40])
                    let link = older ? [:] : ["Link": #"<\#(base.absoluteString)api/v1/timelines/tag/clips?max_id=961&only_media=true&limit=40>; rel="next""#]
                    return .init(status: 200, body: Data(("[" + page.joined(separator: ",") + "]").utf8), headers: link)
                }
                address = "mastodon:\(host)/tags/clips"
            case "rss":
                let items = ids.enumerated().map { index, id in
                    "<item><guid>\(id)</guid><title>Clip \(index + 1)</title><link>\(Self.page(of: id))</link>"
                        + "<enclosure url=\"\(media(index))\" type=\"video/mp4\" length=\"1\"/></item>"
                }
                func page(_ slice: ArraySlice<String>, next: String?) -> Data {
                    let link = next.map { "<atom:link rel=\"next\" href=\"\($0)\"/>" } ?? ""
                    return Data(("<?xml version=\"1.0\"?><rss version=\"2.0\" xmlns:atom=\"http://www.w3.org/2005/Atom\"><channel><title>Clips</title>"
                                 + link + slice.joined() + "</channel></rss>").utf8)
                }
                let first = page(items[..<30], next: "feed-2.xml")
                let second = page(items[30...], next: nil)
                server.serveAnswers(at: "/feed.xml") { _ in .init(status: 200, body: first, contentType: "application/rss+xml") }
                server.serveAnswers(at: "/feed-2.xml") { _ in .init(status: 200, body: second, contentType: "application/rss+xml") }
                address = base.absoluteString + "feed.xml"
            case "jsonfeed":
                let items = ids.enumerated().map { index, id in
                    #"{"id": "\#(id)", "url": "\#(Self.page(of: id))", "title": "Clip \#(index + 1)", "attachments": [{"url": "\#(media(index))", "mime_type": "video/mp4"}]}"#
                }
                let first = #"{"version": "https://jsonfeed.org/version/1.1", "title": "Clips", "next_url": "feed-2.json", "items": [\#(items[..<30].joined(separator: ","))]}"#
                let second = #"{"version": "https://jsonfeed.org/version/1.1", "title": "Clips", "items": [\#(items[30...].joined(separator: ","))]}"#
                server.serveJSON(at: "/feed.json") { _ in Data(first.utf8) }
                server.serveJSON(at: "/feed-2.json") { _ in Data(second.utf8) }
                address = base.absoluteString + "feed.json"
            default: // m3u
                let list = "#EXTM3U\n" + ids.indices.map { "#EXTINF:4,Clip \($0 + 1)\n\(media($0))\n" }.joined()
                server.serveAnswers(at: "/clips.m3u") { _ in .init(status: 200, body: Data(list.utf8), contentType: "audio/x-mpegurl") }
                address = base.absoluteString + "clips.m3u"
            }
            return (server, address)
        }

        @Test("a PeerTube post whose details are gone shows why on its page; the posts around it play")
        func goneDetails() throws {
            let clips = try Fixtures.clips()
            let server = MediaServer()
            let base = try server.startOnOwnThread()
            defer { server.stop() }
            let run = UUID().uuidString.lowercased()
            let ids = (0..<3).map { "\(run)-\($0)" }
            let videos = ids.enumerated().map { PeerTubeBodies.video($1, name: "Clip \($0 + 1)") }
            server.serveAnswers(at: "/api/v1/search/videos") { _ in .init(status: 200, body: PeerTubeBodies.list(videos, total: 3)) }
            for (index, id) in ids.enumerated() {
                server.serveFile(clips[index % clips.count].video, at: "/media/\(id).mp4", contentType: "video/mp4")
                let body = PeerTubeBodies.details(id, name: "Clip \(index + 1)",
                                                  files: [PeerTubeBodies.file("\(base.absoluteString)media/\(id).mp4", resolution: 320)])
                server.serveAnswers(at: "/api/v1/videos/\(id)") { _ in
                    index == 1 ? .init(status: 404, body: Data(#"{"error":"Video not found"}"#.utf8)) : .init(status: 200, body: body)
                }
            }
            let app = try AppProcess(["peertube:127.0.0.1:\(base.port!)", "--report-state"])
            defer { app.stop() }
            #expect(app.waitForState(timeout: 60) { $0.phase == "feed" && $0.playersPlaying == 1 && $0.itemCount == 3 } != nil,
                    "\(String(describing: app.latest)); \(app.stderr)")
            let window = try app.focusedWindow()
            try X11.key("Down", window: window)
            let gone = app.waitForState(timeout: 20) { $0.currentIndex == 1 && $0.currentError != nil }
            #expect(gone?.currentError == "SOURCE_NOT_FOUND", "\(String(describing: app.latest))")
            #expect(gone?.playersPlaying == 0)
            try X11.key("Down", window: window)
            #expect(app.waitForState(timeout: 20) { $0.currentIndex == 2 && $0.currentError == nil && $0.playersPlaying == 1 } != nil,
                    "the next post plays: \(String(describing: app.latest))")
        }

        @Test("a PeerTube post's captions (its /captions list, WebVTT on the instance) show with v, in the user's language")
        func peerTubeCaptions() throws {
            let clips = try Fixtures.clips()
            let server = MediaServer()
            let base = try server.startOnOwnThread()
            defer { server.stop() }
            let run = UUID().uuidString.lowercased()
            let id = "\(run)-0"
            server.serveAnswers(at: "/api/v1/search/videos") { _ in
                .init(status: 200, body: PeerTubeBodies.list([PeerTubeBodies.video(id, name: "Clip 1")], total: 1))
            }
            server.serveFile(clips[0].video, at: "/media/\(id).mp4", contentType: "video/mp4")
            let details = PeerTubeBodies.details(id, name: "Clip 1", files: [PeerTubeBodies.file("\(base.absoluteString)media/\(id).mp4", resolution: 320)])
            server.serveAnswers(at: "/api/v1/videos/\(id)") { _ in .init(status: 200, body: details) }
            let captions = """
                {"total": 2, "data": [
                  {"language": {"id": "fr", "label": "French"}, "captionPath": "/lazy-static/video-captions/\(id)-fr.vtt"},
                  {"language": {"id": "en", "label": "English"}, "captionPath": "/lazy-static/video-captions/\(id)-en.vtt"}]}
                """
            server.serveAnswers(at: "/api/v1/videos/\(id)/captions") { _ in .init(status: 200, body: Data(captions.utf8)) }
            let files = FileManager.default.temporaryDirectory.appendingPathComponent("flick-peertube-captions-\(run)")
            try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: files) }
            for (language, text) in [("fr", "Bonjour"), ("en", "Hello from PeerTube")] {
                let file = files.appendingPathComponent("\(language).vtt")
                try Data("WEBVTT\n\n00:00:00.000 --> 00:00:03.500\n\(text)\n\n".utf8).write(to: file)
                server.serveFile(file, at: "/lazy-static/video-captions/\(id)-\(language).vtt", contentType: "text/vtt")
            }
            let app = try AppProcess(["peertube:127.0.0.1:\(base.port!)", "--report-state"], environment: ["LANGUAGE": "en"])
            defer { app.stop() }
            try #require(app.waitForState(timeout: 60) { $0.phase == "feed" && $0.playersPlaying == 1 } != nil,
                         "\(String(describing: app.latest)); \(app.stderr)")
            let window = try app.focusedWindow()
            try X11.key("v", window: window)
            let shown = app.waitForState(timeout: 20) { $0.captionText == "Hello from PeerTube" }
            #expect(shown?.captionTracks == 2, "\(String(describing: app.latest)); \(app.stderr)")
            #expect(server.requests(path: "/lazy-static/video-captions/\(id)-fr.vtt").isEmpty, "only the track shown is fetched")
        }

        /// The web page an RSS or JSON Feed item of `id` names.
        static func page(of id: String) -> String { "https://clips.example/posts/\(id)" }

        @Test("Ctrl+C copies the post's web page for PeerTube, Mastodon, RSS and JSON Feed posts, and the video's address for a playlist's, and the toast says which",
              arguments: ["peertube", "mastodon", "rss", "jsonfeed", "m3u"])
        func copyLinkGivesThePage(kind: String) throws {
            let run = UUID().uuidString.lowercased()
            let (server, address) = try Self.serve(kind, run: run)
            defer { server.stop() }
            let app = try AppProcess([address, "--report-state"])
            defer { app.stop() }
            let shown = try #require(app.waitForState(timeout: 60) { $0.phase == "feed" && $0.currentIndex == 0 && $0.currentReady == true },
                                     "\(kind): \(String(describing: app.latest)); \(app.stderr)")
            let first = String(format: "%08x-\(run.prefix(4))-4000-8000-%012d", 0, 0)
            let expected: String = switch kind {
            case "peertube": "https://peertube.example/w/s\(first.prefix(6))"
            case "mastodon": "https://other.example/@ana/1000"
            case "rss", "jsonfeed": Self.page(of: first)
            default: try #require(shown.currentURI)
            }
            let window = try app.focusedWindow()
            let seen = app.states.count
            try X11.key("ctrl+c", window: window)
            let toasted = app.waitForState(after: seen) { $0.lastToast != nil && $0.toastsShown == (shown.toastsShown ?? 0) + 1 }
            #expect(toasted?.lastToast == (kind == "m3u" ? "Link to the video file copied" : "Link to the post copied"), "\(kind)")
            let copied = X11.clipboard(becoming: expected)
            #expect(copied == expected, "\(kind): the clipboard holds \(copied)")
        }

        @Test("each kind opens from its server and pages through 40 posts with keys, videos playing through the media cache",
              arguments: ["peertube", "mastodon", "rss", "jsonfeed", "m3u"])
        func pageThrough(kind: String) throws {
            let run = UUID().uuidString.lowercased()
            let (server, address) = try Self.serve(kind, run: run)
            defer { server.stop() }
            let app = try AppProcess([address, "--report-state"])
            defer { app.stop() }
            let playing = app.waitForState(timeout: 60) { $0.phase == "feed" && $0.currentIndex == 0 && $0.playersPlaying == 1 }
            #expect(playing != nil, "\(kind): \(String(describing: app.latest)); \(app.stderr)")
            guard playing != nil else { return }
            let window = try app.focusedWindow()
            for index in 1...40 {
                try X11.key("Down", window: window)
                guard app.waitForState(timeout: 20, { $0.currentIndex == index && $0.settled == true }) != nil else {
                    Issue.record("\(kind): did not land on \(index): \(String(describing: app.latest)); \(app.stderr)")
                    return
                }
            }
            let last = app.waitForState(timeout: 30) { $0.currentIndex == 40 && $0.playersPlaying == 1 && $0.currentReady == true }
            #expect(last != nil, "\(kind): post 41 never played: \(String(describing: app.latest)); \(app.stderr)")
            #expect((last?.itemCount ?? 0) >= 41, "\(kind): later pages arrived")
            // The media cache asks for byte ranges (the start of the next posts);
            // a player reading straight from the network would not.
            let ranged = server.requestsWithRange(where: { $0.hasPrefix("/media/") })
            #expect(ranged > 0, "\(kind): no ranged media request")
            if kind == "peertube" {
                // Details come as the preload plan reaches a post: the 41 posts
                // landed on and the two the plan prepares after the last, not all 45.
                let asked = (last?.itemCount ?? 0) > 0 ? server.pathsRequested(where: { $0.hasPrefix("/api/v1/videos/") && !$0.hasSuffix("/captions") }) : 0
                #expect(asked >= 41 && asked <= 43, "details asked for \(asked) posts")
            }
        }
    }
}
