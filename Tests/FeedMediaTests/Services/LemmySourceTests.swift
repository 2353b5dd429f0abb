import FeedCore
@testable import FeedDemo
import FeedGObject
@testable import FeedHTTP
@testable import FeedMedia
@testable import FeedSources
import FlickTestSupport
import Foundation
import Testing

/// Lemmy: a community's posts that link videos and pictures, nothing
/// else; PeerTube videos played from their own instance; a community of
/// text posts given up on after ten pages.
@Suite(.serialized) @MainActor struct LemmySourceTests {
    struct Servers {
        let lemmy: MediaServer
        let peerTube: MediaServer
        let base: URL
        let mediaBase: String
        let fake: FakeLemmy
        func stop() { lemmy.stop(); peerTube.stop() }
    }

    /// Lemmy on one server; a PeerTube instance (also the media origin) on another.
    static func servers() throws -> Servers {
        let peerTube = MediaServer()
        let peerTubeBase = try peerTube.startOnOwnThread()
        let mediaBase = peerTubeBase.absoluteString
        let uuid = FakeLemmy.peerTubeUUID
        let details = PeerTubeBodies.details(uuid, name: "On PeerTube",
                                             files: [PeerTubeBodies.file("\(mediaBase)media/peertube-480.mp4", resolution: 480)])
        peerTube.serveAnswers(at: "/api/v1/videos/\(uuid)") { _ in .init(status: 200, body: details) }
        let clips = (0..<3).map { "\(mediaBase)media/clip-\($0).mp4" }
        let origin = String(mediaBase.dropLast())
        let fake = FakeLemmy(mediaBase: mediaBase, clips: clips, peerTube: origin)
        let lemmy = MediaServer()
        fake.install(on: lemmy)
        return Servers(lemmy: lemmy, peerTube: peerTube, base: try lemmy.startOnOwnThread(), mediaBase: mediaBase, fake: fake)
    }

    static func source(_ base: URL, _ scope: ServiceAddress.Scope) throws -> LemmySource {
        try #require(LemmySource(address: ServiceAddress(service: .lemmy, host: base.host!, port: base.port, scope: scope),
                                 session: HTTPSessions.standalone()) { 700 })
    }

    static func details(_ item: FeedItem, from source: LemmySource) async throws -> SourcePump.Answer {
        let slot = FeedTestPump.Slot<SourcePump.Answer>()
        source.fetchDetails(of: item) { slot.value = $0 }
        await FeedTestPump.pump(seconds: 20) { slot.value != nil }
        return try #require(slot.value)
    }

    @Test("a community: videos and pictures show, text posts, web pages, file: and javascript: links are skipped; titles are plain text; a PeerTube link plays from its own instance, and one on a dead host says so")
    func community() async throws {
        let servers = try Self.servers()
        defer { servers.stop() }
        let source = try Self.source(servers.base, .community("videos"))
        let pages = try await SourcePump.all(source)
        #expect(pages.map { $0.items.map(\.id) } == [["101", "102", "107", "108"], ["109", "110"]], "\(pages.map { $0.items.map(\.id) })")
        let items = pages.flatMap(\.items)
        #expect(items[0].kind == .video && items[0].uri == "\(servers.mediaBase)media/clip-0.mp4"
                && items[0].poster == "\(servers.mediaBase)posters/101.jpg" && items[0].author == "Sam Rivera")
        #expect(items[0].subtitle?.contains("<") == false && items[0].subtitle?.contains("at dawn") == true, "\(String(describing: items[0].subtitle))")
        #expect(items[1].kind == .image && !source.needsDetails(items[1]))
        #expect(items[3].title == "Cats & dogs" && pages[0].extras["108"]?.sensitive == true, "\(String(describing: items[3].title))")
        #expect(items[4].kind == .video && items[4].uri.hasSuffix("clip-2.mp4"), "known by its extension")

        let peerTube = items[2]
        #expect(source.needsDetails(peerTube) && peerTube.title == "From PeerTube")
        let played = try await Self.details(peerTube, from: source).get()
        #expect(played.items.first?.uri == "\(servers.mediaBase)media/peertube-480.mp4" && played.items.first?.id == "107"
                && played.items.first?.title == "From PeerTube" && !source.needsDetails(peerTube), "\(played)")

        let dead = try await Self.details(items[5], from: source)
        #expect(dead.failure?.message.hasPrefix("The PeerTube video on 127.0.0.1 could not be read") == true, "\(dead)")
        #expect(source.needsDetails(items[5]), "still waiting: the post says why, the feed goes on")
    }

    @Test("a community of text posts ends after ten pages, saying it found no videos or pictures")
    func textOnly() async throws {
        let servers = try Self.servers()
        defer { servers.stop() }
        let answer = try await SourcePump.first(try Self.source(servers.base, .community("textonly")))
        #expect(answer.failure?.message == "No videos or pictures among the newest posts of !textonly on \(servers.base.host!).", "\(answer)")
        #expect(servers.fake.requests(of: "textonly") == 10, "ten pages, no more: \(servers.fake.requests(of: "textonly"))")
    }

    @Test("a community the instance does not have says so; the bare address of a Lemmy instance is found as one")
    func missingAndDetected() async throws {
        let servers = try Self.servers()
        defer { servers.stop() }
        let missing = try await SourcePump.first(try Self.source(servers.base, .community("nope")))
        #expect(missing.failure?.message == "\(servers.base.host!) has no community !nope.", "\(missing)")

        let detecting = DetectingFeedSource(url: servers.base, session: HTTPSessions.standalone()) { 700 }
        let first = try await SourcePump.first(detecting).get()
        #expect(detecting.detected == .lemmy(ServiceAddress(service: .lemmy, host: servers.base.host!, port: servers.base.port, scope: .instance)))
        #expect(first.items.first?.id == "101", "the front page: \(first.items.map(\.id))")
    }
}

extension LemmySourceTests {
    @Test("a page over 4 MiB is refused unread, whatever it holds")
    func pageBound() async throws {
        let server = MediaServer()
        let huge = Data(#"{"posts": [], "pad": ""#.utf8) + Data(repeating: 0x61, count: 4 * 1_048_576) + Data(#""}"#.utf8)
        server.serveAnswers(at: "/api/v3/post/list") { _ in .init(status: 200, body: huge) }
        let base = try server.startOnOwnThread()
        defer { server.stop() }
        let answer = try await SourcePump.first(try Self.source(base, .community("videos")))
        #expect(answer.failure?.code == .unsupportedFormat && answer.failure?.message.contains("too large") == true, "\(answer)")
    }
}
