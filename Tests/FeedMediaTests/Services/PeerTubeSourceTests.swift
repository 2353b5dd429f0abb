import FeedCore
@testable import FeedDemo
import FeedGObject
@testable import FeedHTTP
@testable import FeedMedia
@testable import FeedSources
import FlickTestSupport
import Foundation
import Testing

/// PeerTube: the list read start/count to its total, each video a post at
/// once, its details fetched when asked, the file chosen for the page.
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
