import FeedCore
@testable import FeedDemo
import FeedGObject
@testable import FeedHTTP
@testable import FeedMedia
@testable import FeedSources
import FlickTestSupport
import Foundation
import Testing

/// Pixelfed: Mastodon's statuses with Pixelfed's differences — extended
/// media asked for, HLS playlists checked before they play, pictures of
/// one status in a row, paging by max_id, visitors kept out.
@Suite(.serialized) @MainActor struct PixelfedSourceTests {
    /// The API on one server, media and playlists on another: `hls/300` answers, `hls/299` is gone.
    static func servers(visitorsRefused: Bool = false) throws -> (api: MediaServer, media: MediaServer, base: URL, mediaBase: URL, log: RequestLog) {
        let media = MediaServer()
        media.serveAnswers(at: "/hls/300/master.m3u8") { _ in
            .init(status: 200, body: Data("#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=720x1280\n720.m3u8\n".utf8),
                  headers: ["Content-Type": "application/vnd.apple.mpegurl"])
        }
        let mediaBase = try media.startOnOwnThread()
        let api = MediaServer()
        let log = RequestLog()
        let clips = (0..<3).map { "\(mediaBase.absoluteString)media/clip-\($0).mp4" }
        let fake = FakePixelfed(mediaBase: mediaBase.absoluteString, clips: clips, visitorsRefused: visitorsRefused)
        fake.install(on: api) { log.record($0) }
        return (api, media, try api.startOnOwnThread(), mediaBase, log)
    }

    static func source(_ base: URL, _ scope: ServiceAddress.Scope) throws -> PixelfedSource {
        try #require(PixelfedSource(address: ServiceAddress(service: .pixelfed, host: base.host!, port: base.port, scope: scope),
                                    session: HTTPSessions.standalone()))
    }

    static func details(_ item: FeedItem, from source: PixelfedSource) async throws -> FeedItem {
        let slot = FeedTestPump.Slot<SourcePump.Answer>()
        source.fetchDetails(of: item) { slot.value = $0 }
        await FeedTestPump.pump(seconds: 10) { slot.value != nil }
        return try #require(try slot.value?.get().items.first)
    }

    @Test("a tag: extended media asked for; an HLS video plays its playlist once it answers, one whose playlist is gone plays its file; three pictures in a row say 1 of 3; pages go on by max_id")
    func tag() async throws {
        let (api, media, base, mediaBase, log) = try Self.servers()
        defer { api.stop(); media.stop() }
        let source = try Self.source(base, .tag("cats"))
        let pages = try await SourcePump.all(source)
        #expect(pages.map { $0.items.map(\.id) } == [["300", "299", "298#1", "298#2", "298#3"], ["297"], []], "an empty page ends it: \(pages.map { $0.items.map(\.id) })")
        #expect(log.queries.map { $0["max_id"] } == [nil, "298", "297"] && log.queries.allSatisfy { $0["_pe"] == "1" },
                "max_id paging, extended media: \(log.queries)")
        let items = pages[0].items
        #expect(source.needsDetails(items[0]) && source.needsDetails(items[1]) && !source.needsDetails(items[2]),
                "only videos with a playlist wait for it")
        #expect(items[0].uri == "\(mediaBase.absoluteString)media/clip-0.mp4", "the file until the playlist answers")
        let hls = try await Self.details(items[0], from: source)
        #expect(hls.uri == "\(mediaBase.absoluteString)hls/300/master.m3u8" && !source.needsDetails(items[0]), "\(hls.uri)")
        let gone = try await Self.details(items[1], from: source)
        #expect(gone.uri == "\(mediaBase.absoluteString)media/clip-1.mp4", "a 404 playlist falls back to the file: \(gone.uri)")
        #expect(items[2].kind == .image && items[2].subtitle == "1 of 3" && items[4].subtitle == "3 of 3")
        #expect(pages[0].extras["298#2"]?.sensitive == true && items[0].title == "Harbour at dusk")
        #expect(!source.needsDetails(pages[1].items[0]), "no playlist: plays at once")
    }

    @Test("an account is found by search and its statuses read; a server that keeps tags from visitors says so and asks for an account")
    func accountAndRefusal() async throws {
        let (api, media, base, _, _) = try Self.servers(visitorsRefused: true)
        defer { api.stop(); media.stop() }
        let refused = try await SourcePump.first(try Self.source(base, .tag("cats")))
        #expect(refused.failure?.needsAccount == true, "\(refused)")
        #expect(refused.failure?.message == "\(base.host!) shows this timeline only to its signed-in users: sign in to see it.")

        let (open, openMedia, openBase, _, openLog) = try Self.servers()
        defer { open.stop(); openMedia.stop() }
        let account = try await SourcePump.first(try Self.source(openBase, .account("ana"))).get()
        #expect(account.items.first?.id == "300" && openLog.paths.prefix(2) == ["/api/v1/accounts/search", "/api/v1/accounts/55/statuses"],
                "\(openLog.paths)")
        let missing = try await SourcePump.first(try Self.source(openBase, .account("zed")))
        #expect(missing.failure?.message == "\(openBase.host!) has no account @zed.", "\(missing)")
    }
}
