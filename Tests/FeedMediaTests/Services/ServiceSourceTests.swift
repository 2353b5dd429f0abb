import FeedCore
import FeedGObject
import Foundation
import Testing
@testable import FeedMedia
@testable import FeedDemo

/// Counts what a test server was asked, from its own thread.
final class RequestLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [(path: String, query: [String: String], headers: [String: String], at: Date)] = []

    func record(_ request: MediaServer.PostRequest) {
        lock.withLock { entries.append((request.path, request.query, request.headers, Date())) }
    }

    var paths: [String] { lock.withLock { entries.map(\.path) } }
    var times: [Date] { lock.withLock { entries.map(\.at) } }
    var headers: [[String: String]] { lock.withLock { entries.map(\.headers) } }
    func count(_ path: String) -> Int { lock.withLock { entries.filter { $0.path == path }.count } }
}

func json(_ data: Data, headers: [String: String] = [:]) -> MediaServer.PostResponse {
    .init(status: 200, body: data, headers: headers)
}

/// PeerTube: the list read start/count to its total, each post's details
/// fetched a few at a time ahead of it, the file chosen for the page.
@Suite(.serialized) @MainActor struct PeerTubeSourceTests {
    nonisolated static let uuids = (1...14).map { String(format: "%08d-0000-4000-8000-000000000000", $0) }

    /// An instance of 14 videos: 2 a live stream, 3 nsfw with three files,
    /// 4 gone (404), 5 HLS only, 6 without files.
    static func instance(searchStatus: Int = 200) throws -> (MediaServer, URL, RequestLog) {
        let server = MediaServer()
        let log = RequestLog()
        let uuids = Self.uuids
        let videos = uuids.enumerated().map { index, uuid in
            PeerTubeBodies.video(uuid, name: "Clip \(index + 1)", live: index == 1, nsfw: index == 2)
        }
        let listing: MediaServer.PostHandler = { request in
            log.record(request)
            let start = Int(request.query["start"] ?? "") ?? -1
            switch start {
            case 0: return json(PeerTubeBodies.list(Array(videos[0..<12]), total: 14))
            case 12: return json(PeerTubeBodies.list(Array(videos[12...]), total: 14))
            default: return json(PeerTubeBodies.list([], total: 14))
            }
        }
        server.serveAnswers(at: "/api/v1/search/videos") { request in
            searchStatus == 200 ? listing(request) : { log.record(request); return .init(status: searchStatus, body: Data(#"{"error":"search needs a term"}"#.utf8)) }()
        }
        server.serveAnswers(at: "/api/v1/videos", listing)
        for (index, uuid) in uuids.enumerated() {
            let media = "https://cdn.peertube.example/\(uuid)"
            let files: [String]
            var hls: String?
            switch index {
            case 2: files = [PeerTubeBodies.file("\(media)-360.mp4", resolution: 360),
                             PeerTubeBodies.file("\(media)-1080.mp4", resolution: 1080, height: 1080),
                             PeerTubeBodies.file("\(media)-720.mp4", resolution: 720, height: 720)]
            case 4: files = []; hls = "\(media)/master.m3u8"
            case 5: files = []
            default: files = [PeerTubeBodies.file("\(media)-480.mp4", resolution: 480)]
            }
            let body = PeerTubeBodies.details(uuid, name: "Clip \(index + 1)", files: files, hls: hls, live: index == 1,
                                              nsfw: index == 2)
            server.serveAnswers(at: "/api/v1/videos/\(uuid)") { request in
                log.record(request)
                return index == 3 ? .init(status: 404, body: Data(#"{"error":"Video not found"}"#.utf8)) : json(body)
            }
        }
        server.serveAnswers(at: "/api/v1/config") { request in log.record(request); return json(PeerTubeBodies.config) }
        return (server, try server.startOnOwnThread(), log)
    }

    static func address(_ base: URL, _ scope: ServiceAddress.Scope = .instance) -> ServiceAddress {
        ServiceAddress(service: .peertube, host: base.host!, port: base.port, scope: scope)
    }

    @Test("pages 1, 2 and the last: each listed video is a post at once, live ones skipped; no details until asked")
    func pages() async throws {
        let (server, base, log) = try Self.instance()
        defer { server.stop() }
        let source = try #require(PeerTubeSource(address: Self.address(base), session: HTTPSessions.standalone()) { 700 })
        let pages = try await SourcePump.all(source)
        let ids = Self.uuids
        #expect(pages.map { $0.items.map(\.id) } == [[ids[0]] + Array(ids[2..<12]), Array(ids[12...])])
        #expect(pages.last?.next == nil, "start reached total")
        #expect(log.paths == ["/api/v1/search/videos", "/api/v1/search/videos"], "the list only: \(log.paths)")
        let first = pages[0]
        #expect(first.items.allSatisfy { source.needsDetails($0) })
        let plain = first.items[0]
        #expect(plain.title == "Clip 1" && plain.author == "Ana Lima" && plain.duration == 14)
        #expect(plain.uri == base.absoluteString + "api/v1/videos/\(ids[0])", "its details' address until they come")
        #expect(plain.poster == base.absoluteString + "lazy-static/previews/\(ids[0]).jpg", "the preview, on the instance")
        #expect(first.extras[plain.id]?.likes == 7)
        #expect(first.extras[plain.id]?.webPage?.absoluteString == "https://peertube.example/w/s000000")
        #expect(first.extras[ids[2]]?.sensitive == true, "nsfw")
        let agent = try #require(log.headers.last?["User-Agent"])
        #expect(agent.hasPrefix("Flick/"), "a User-Agent naming Flick: \(agent)")
    }

    @Test("a post's details give the file for the page's height, else HLS; a gone or file-less video says why")
    func details() async throws {
        let (server, base, log) = try Self.instance()
        defer { server.stop() }
        let source = try #require(PeerTubeSource(address: Self.address(base), session: HTTPSessions.standalone()) { 700 })
        let listed = try await SourcePump.first(source).get()
        func fetch(_ id: String) async throws -> Result<FeedSourcePage, FeedSourceFailure> {
            let item = try #require(listed.items.first { $0.id == id })
            let slot = FeedTestPump.Slot<Result<FeedSourcePage, FeedSourceFailure>>()
            source.fetchDetails(of: item) { slot.value = $0 }
            await FeedTestPump.pump(seconds: 10) { slot.value != nil }
            return try #require(slot.value)
        }
        let ids = Self.uuids
        let nsfw = try await fetch(ids[2]).get()
        #expect(nsfw.items.first?.uri.hasSuffix("-720.mp4") == true, "the smallest file at or above 700 px")
        #expect(nsfw.items.first?.height == 720)
        #expect(nsfw.extras[ids[2]]?.sensitive == true)
        #expect(!source.needsDetails(try #require(nsfw.items.first)))
        let hls = try await fetch(ids[4]).get()
        #expect(hls.items.first?.uri == "https://cdn.peertube.example/\(ids[4])/master.m3u8", "HLS when there is no file")
        guard case .failure(let gone) = try await fetch(ids[3]), case .failure(let bare) = try await fetch(ids[5]) else {
            Issue.record("a 404 and a video without files must fail")
            return
        }
        #expect(gone.code == .sourceNotFound, "\(gone)")
        #expect(bare.message.contains("no file Flick can play"), "\(bare)")
        #expect(log.paths.filter { $0.hasPrefix("/api/v1/videos/") }.count == 4, "only the details asked for")
    }

    @Test("a search the instance refuses falls back to its recent videos")
    func searchFallback() async throws {
        let (server, base, log) = try Self.instance(searchStatus: 400)
        defer { server.stop() }
        let source = try #require(PeerTubeSource(address: Self.address(base), session: HTTPSessions.standalone()) { 700 })
        let first = try await SourcePump.first(source).get()
        #expect(first.items.count == 11)
        #expect(log.paths.prefix(2) == ["/api/v1/search/videos", "/api/v1/videos"])
    }

    @Test("a channel's videos come from its own list; a missing channel says so")
    func channel() async throws {
        let (server, base, log) = try Self.instance()
        defer { server.stop() }
        server.serveAnswers(at: "/api/v1/video-channels/ana_channel/videos") { request in
            log.record(request)
            return json(PeerTubeBodies.list([PeerTubeBodies.video(Self.uuids[0], name: "Clip 1")], total: 1))
        }
        let channel = try #require(PeerTubeSource(address: Self.address(base, .channel("ana_channel")),
                                                  session: HTTPSessions.standalone()) { 700 })
        let pages = try await SourcePump.all(channel)
        #expect(pages.map { $0.items.map(\.id) } == [[Self.uuids[0]]])
        let missing = try #require(PeerTubeSource(address: Self.address(base, .account("nobody")),
                                                  session: HTTPSessions.standalone()) { 700 })
        guard case .failure(let failure) = try await SourcePump.first(missing) else {
            Issue.record("a missing account should fail")
            return
        }
        #expect(failure.message == "The account nobody on \(base.host!) could not be found (HTTP 404).")
    }
}

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

    @Test("a Link next on another host is not followed")
    func foreignNext() throws {
        let page = try MastodonDocument.parse(Self.page2, pageURL: URL(string: "https://m.example/api/v1/timelines/tag/cats")!,
                                              headers: ["link": #"<https://elsewhere.example/x?max_id=1>; rel="next""#],
                                              knownIDs: [])
        #expect(page.next == .end)
        #expect(page.unusableNext == "https://elsewhere.example/x?max_id=1")
    }
}

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
            (base, "No feed found at \(base.absoluteString): a web page, and neither a PeerTube instance nor a Mastodon server."),
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

/// The client every feed source talks through.
@Suite(.serialized) @MainActor struct ServiceClientTests {
    @Test("a page fetched again is asked for with its ETag, and a 304 answers the body kept from the first time")
    func conditionalRequests() async throws {
        let server = MediaServer()
        let log = RequestLog()
        server.serveAnswers(at: "/feed.json") { request in
            log.record(request)
            if request.headers["If-None-Match"] == "\"v1\"" { return .init(status: 304, headers: ["ETag": "\"v1\""]) }
            return .init(status: 200, body: feedPage(1...3, next: nil), headers: ["ETag": "\"v1\""])
        }
        let base = try server.startOnOwnThread()
        defer { server.stop() }
        let loader = FeedPageLoader(feedURL: base.appendingPathComponent("feed.json"))
        let first = try await FeedTestPump.load { loader.loadFirst(completion: $0) }.get()
        let again = try await FeedTestPump.load { loader.loadFirst(completion: $0) }.get()
        #expect(first.items.map(\.id) == ["p1", "p2", "p3"])
        #expect(again.items.map(\.id) == first.items.map(\.id), "the 304 gave the kept page")
        #expect(log.headers.map { $0["If-None-Match"] } == [nil, "\"v1\""])
    }

    @Test("a 503 asking for an hour is not waited out: its answer shows at once")
    func longWaitRefused() async throws {
        let server = MediaServer()
        server.serveAnswers(at: "/feed.json") { _ in .init(status: 503, headers: ["Retry-After": "3600"]) }
        let base = try server.startOnOwnThread()
        defer { server.stop() }
        let loader = FeedPageLoader(feedURL: base.appendingPathComponent("feed.json"))
        let started = Date()
        let result = try await FeedTestPump.load { loader.loadFirst(completion: $0) }
        #expect(result == .failure(.httpStatus(503, reason: "Service Unavailable")))
        #expect(Date().timeIntervalSince(started) < 10, "answered, not held for an hour")
    }
}
