import FeedCore
@testable import FeedDemo
import FeedGObject
@testable import FeedHTTP
@testable import FeedMedia
@testable import FeedSources
import FlickTestSupport
import Foundation
import Testing

/// Mastodon: a hashtag's statuses with media, paged by the Link header.
@Suite(.serialized) @MainActor struct MastodonSourceTests {
    nonisolated static let page1 = Data(("[" + [
        MastodonBodies.status("101", content: "<p>A cat <a href=\\\"x\\\">#cats</a> &amp; a box</p>", media: [
            MastodonBodies.attachment("a1", type: "video", url: "https://files.example/a1.mp4",
                                      preview: "https://files.example/a1.jpg", description: "A cat jumps into a box")]),
        MastodonBodies.status("102", content: "<p>loop</p>", media: [
            MastodonBodies.attachment("a2", type: "gifv", url: "https://files.example/a2.mp4", preview: "https://files.example/a2.png")],
                              sensitive: true),
        MastodonBodies.status("103", content: "<p>two</p>", media: [
            MastodonBodies.attachment("a3", type: "image", url: "https://files.example/a3.jpg"),
            MastodonBodies.attachment("a4", type: "image", url: "https://files.example/a4.webp")], spoiler: "Spiders"),
        MastodonBodies.status("104", content: "<p>a song</p>", media: [
            MastodonBodies.attachment("a5", type: "audio", url: "https://files.example/a5.mp3")]),
        MastodonBodies.status("105", content: "<p>just words</p>", media: []),
        MastodonBodies.status("106", content: "<p>bad</p>", media: [
            MastodonBodies.attachment("a6", type: "image", url: "javascript:alert(1)")]),
        MastodonBodies.status("107", content: "", media: [], reblog: MastodonBodies.status("90", content: "<p>boosted</p>", media: [
            MastodonBodies.attachment("a7", type: "video", url: "https://files.example/a7.mp4")])),
        MastodonBodies.status("108", content: "<p>local file</p>", media: [
            MastodonBodies.attachment("a9", type: "video", url: "file:///etc/passwd")]),
        #"{"id": 5}"#,
    ].joined(separator: ",") + "]").utf8)

    nonisolated static let page2 = Data(("[" + MastodonBodies.status("80", content: "<p>last</p>", media: [
        MastodonBodies.attachment("a8", type: "image", url: "https://files.example/a8.png")]) + "]").utf8)

    static func server(firstStatus: Int = 200, retryAfter: String? = nil) throws -> (MediaServer, URL, RequestLog) {
        let server = MediaServer()
        let log = RequestLog()
        let refused = AtomicCounter()
        server.serveAnswers(at: "/api/v1/timelines/tag/cats") { request in
            log.record(request)
            if firstStatus != 200, refused.add(1) == 1 {
                return .init(status: firstStatus, body: Data(#"{"error":"Too many requests"}"#.utf8),
                             headers: retryAfter.map { ["Retry-After": $0] } ?? [:])
            }
            if request.query["max_id"] == "107" { return json(page2) }
            return json(page1, headers: [
                "Link": #"</api/v1/timelines/tag/cats?max_id=107&only_media=true&limit=40>; rel="next", </api/v1/timelines/tag/cats?min_id=101&only_media=true>; rel="prev""#])
        }
        server.serveAnswers(at: "/api/v1/timelines/public") { request in
            log.record(request)
            return .init(status: 401, body: Data(#"{"error":"This method requires an authenticated user"}"#.utf8))
        }
        return (server, try server.startOnOwnThread(), log)
    }

    static func source(_ base: URL, _ scope: ServiceAddress.Scope = .tag("cats")) throws -> FeedSource {
        let address = ServiceAddress(service: .mastodon, host: base.host!, port: base.port, scope: scope)
        return try #require(ServiceFeed.source(for: address, session: HTTPSessions.standalone()) { 700 }).source
    }

    @Test("statuses with video, gifv and pictures become posts; audio, text-only and bad ones are skipped; Link next pages")
    func pages() async throws {
        let (server, base, log) = try Self.server()
        defer { server.stop() }
        let pages = try await SourcePump.all(try Self.source(base))
        #expect(pages.map { $0.items.map(\.id) } == [["101", "102", "103#1", "103#2", "90"], ["80"]])
        let first = pages[0]
        #expect(first.items.map(\.kind) == [.video, .video, .image, .image, .video])
        #expect(first.items[0].title == "A cat #cats & a box", "the content's HTML as plain text")
        #expect(first.items[0].accessibilityLabel == "A cat jumps into a box")
        #expect(first.items[0].poster == "https://files.example/a1.jpg")
        #expect(first.items[0].author == "Ana Lima")
        #expect(first.items[0].width == 720 && first.items[0].height == 1280 && first.items[0].duration == 12)
        #expect(first.extras["101"]?.likes == 9)
        #expect(first.extras["101"]?.sensitive == false)
        #expect(first.extras["102"]?.sensitive == true, "sensitive")
        #expect(first.extras["102"]?.silentLoop == true, "a gifv loops without sound")
        #expect(first.extras["101"]?.silentLoop == false)
        #expect(first.extras["103#1"]?.sensitive == true, "a content warning")
        #expect(first.items[2].title == "Spiders", "the warning, not the hidden text")
        #expect(first.items[4].title == "boosted", "a boost shows the boosted status")
        #expect(log.paths.count == 2)
    }

    @Test("a 429 with Retry-After: 2 waits that long and then succeeds")
    func rateLimited() async throws {
        let (server, base, log) = try Self.server(firstStatus: 429, retryAfter: "2")
        defer { server.stop() }
        let first = try await SourcePump.first(try Self.source(base)).get()
        #expect(first.items.count == 5)
        let times = log.times
        try #require(times.count == 2)
        #expect(times[1].timeIntervalSince(times[0]) >= 1.9, "asked again only after the wait")
    }

    @Test("an instance that refuses anonymous timelines says so in one line; 500 and a non-JSON body too", arguments: [401, 422, 500, 0])
    func refusals(status: Int) async throws {
        let server = MediaServer()
        server.serveAnswers(at: "/api/v1/timelines/tag/cats") { _ in
            status == 0 ? .init(status: 200, body: Data("<html>maintenance</html>".utf8), contentType: "text/html")
                        : .init(status: status, body: Data(#"{"error":"no"}"#.utf8))
        }
        let base = try server.startOnOwnThread()
        defer { server.stop() }
        guard case .failure(let failure) = try await SourcePump.first(try Self.source(base)) else {
            Issue.record("HTTP \(status) should fail")
            return
        }
        switch status {
        case 401, 422:
            #expect(failure.message == "\(base.host!) does not show its timelines to visitors without an account.")
        case 500:
            #expect(failure.message == "The feed answered HTTP 500 (Internal Server Error).")
        default:
            #expect(failure.message.hasPrefix("\(base.host!) did not answer as a Mastodon server"), "\(failure.message)")
        }
        #expect(!failure.message.contains("\n"))
    }

    @Test("a deep or huge timeline is refused without exhausting memory")
    func hostileBodies() async throws {
        let deep = Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
        let huge = Data(("[" + String(repeating: #"{"id":"1","content":"x"},"#, count: 400_000) + #"{"id":"2"}]"#).utf8)
        for body in [deep, huge] {
            #expect(throws: FeedLoadError.self) {
                try MastodonDocument.parse(body, pageURL: URL(string: "https://m.example/api/v1/timelines/public")!,
                                           headers: [:], knownIDs: [])
            }
        }
    }

    @Test("each status left out says why: no media, an audio-only one, a javascript: or file: address, not a status")
    func skippedReasons() throws {
        let page = try MastodonDocument.parse(Self.page1, pageURL: URL(string: "https://m.example/api/v1/timelines/tag/cats")!,
                                              headers: [:], knownIDs: [])
        let reasons = Dictionary(page.skipped.compactMap { skipped in skipped.id.map { ($0, skipped.reason) } }) { first, _ in first }
        #expect(reasons["104"] == .noMedia, "audio only")
        #expect(reasons["105"] == .noMedia)
        #expect(reasons["106"] == .unsupportedURI(field: "uri", value: "javascript:alert(1)"))
        #expect(reasons["108"] == .unsupportedURI(field: "uri", value: "file:///etc/passwd"))
        #expect(page.skipped.contains { $0.id == nil && $0.reason == .notAnObject })
    }

    @Test("a Link next on another host is not followed")
    func foreignNext() throws {
        let page = try MastodonDocument.parse(Self.page2, pageURL: URL(string: "https://m.example/api/v1/timelines/tag/cats")!,
                                              headers: ["link": #"<https://elsewhere.example/x?max_id=1>; rel="next""#],
                                              knownIDs: [])
        #expect(page.next == .end)
        #expect(page.unusableNext == "https://elsewhere.example/x?max_id=1")
    }
}
