import FeedCore
@testable import FeedDemo
import FeedGObject
@testable import FeedHTTP
@testable import FeedMedia
@testable import FeedSources
import FlickTestSupport
import Foundation
import Testing

/// What a bare address turns out to be, from its API.
@Suite(.serialized) @MainActor struct DetectionTests {
    @Test("a bare PeerTube address is told by /api/v1/config and read as its short videos")
    func peertube() async throws {
        let (server, base, _) = try PeerTubeSourceTests.instance()
        defer { server.stop() }
        let source = DetectingFeedSource(url: base, session: HTTPSessions.standalone()) { 700 }
        var named: String?
        source.onNamed = { named = $0 }
        let first = try await SourcePump.first(source).get()
        #expect(source.detected == .peertube(PeerTubeSourceTests.address(base)))
        #expect(named == "Clips of the Harbour")
        #expect(first.items.count == 11)
        // The listed posts still need their details, and the detected source fetches them.
        let listed = try #require(first.items.first)
        #expect(source.needsDetails(listed))
        let slot = FeedTestPump.Slot<Result<FeedSourcePage, FeedSourceFailure>>()
        source.fetchDetails(of: listed) { slot.value = $0 }
        await FeedTestPump.pump(seconds: 10) { slot.value != nil }
        #expect(try #require(slot.value).get().items.first?.uri.hasSuffix("-480.mp4") == true)
    }

    @Test("a bare Mastodon address is told by /api/v2/instance and read as its local timeline")
    func mastodon() async throws {
        let server = MediaServer()
        server.serveAnswers(at: "/api/v2/instance") { _ in json(MastodonBodies.instance) }
        server.serveAnswers(at: "/api/v1/timelines/public") { request in
            request.query["local"] == "true" ? json(MastodonSourceTests.page2) : .init(status: 400)
        }
        let base = try server.startOnOwnThread()
        defer { server.stop() }
        let source = DetectingFeedSource(url: base, session: HTTPSessions.standalone()) { 700 }
        let first = try await SourcePump.first(source).get()
        #expect(first.items.map(\.id) == ["80"])
        guard case .mastodon(let address) = source.detected else {
            Issue.record("detected \(String(describing: source.detected))")
            return
        }
        #expect(address.scope == .local)
    }

    @Test("each feed format from its body, at any address", arguments: ["rss", "atom", "jsonfeed", "m3u", "hls", "flick"])
    func formats(kind: String) async throws {
        let body: String
        switch kind {
        case "rss": body = SyndicationBodies.rssPage2
        case "atom": body = SyndicationBodies.atom
        case "jsonfeed": body = JSONFeedBodies.page2
        case "m3u": body = "#EXTM3U\n#EXTINF:5,One\nhttps://cdn.example/1.mp4\n"
        case "hls": body = "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:4\n#EXTINF:4,\nseg0.ts\n"
        default: body = String(decoding: feedPage(1...2, next: nil), as: UTF8.self)
        }
        let server = MediaServer()
        server.serveAnswers(at: "/feed") { _ in .init(status: 200, body: Data(body.utf8), contentType: "application/octet-stream") }
        let base = try server.startOnOwnThread()
        defer { server.stop() }
        let source = DetectingFeedSource(url: base.appendingPathComponent("feed"), session: HTTPSessions.standalone()) { 700 }
        let first = try await SourcePump.first(source).get()
        #expect(!first.items.isEmpty, "\(kind)")
        #expect(source.detected == .feed)
        if kind == "hls" { #expect(first.items.map(\.kind) == [.video] && first.items[0].uri.hasSuffix("/feed")) }
    }

    @Test("a plain HTML page says no feed was found there; at a bare address, that no server answered either")
    func htmlPage() async throws {
        let server = MediaServer()
        let page: MediaServer.PostHandler = { _ in
            .init(status: 200, body: Data("<!DOCTYPE html><html><body>Welcome</body></html>".utf8), contentType: "text/html")
        }
        server.serveAnswers(at: "/", page)
        server.serveAnswers(at: "/about", page)
        let base = try server.startOnOwnThread()
        defer { server.stop() }
        for (url, expected) in [
            (base.appendingPathComponent("about"), "No feed found at \(base.absoluteString)about: it is a web page (HTML), not a feed."),
            (base, "No feed found at \(base.absoluteString): a web page, and not a PeerTube, Mastodon, Loops or Lemmy server."),
        ] {
            let source = DetectingFeedSource(url: url, session: HTTPSessions.standalone()) { 700 }
            guard case .failure(let failure) = try await SourcePump.first(source) else {
                Issue.record("\(url) should fail")
                continue
            }
            #expect(failure.message == expected)
        }
    }
}
