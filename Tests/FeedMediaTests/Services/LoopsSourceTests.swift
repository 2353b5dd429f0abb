import FeedCore
@testable import FeedDemo
import FeedGObject
@testable import FeedHTTP
@testable import FeedMedia
@testable import FeedSources
import FlickTestSupport
import Foundation
import Testing

/// Loops: an account's videos paged by cursor, a visitor's tag feed whose
/// videos get their files from their details, the ends a server gives.
@Suite(.serialized) @MainActor struct LoopsSourceTests {
    /// Media addresses on another origin (never fetched here).
    nonisolated static let clips = (0..<6).map { "http://127.0.0.2:9/media/loop-\($0).mp4" }

    static func server() throws -> (MediaServer, URL, RequestLog) {
        let server = MediaServer()
        let log = RequestLog()
        FakeLoops(media: clips).install(on: server) { log.record($0) }
        return (server, try server.startOnOwnThread(), log)
    }

    static func source(_ base: URL, _ scope: ServiceAddress.Scope) throws -> LoopsSource {
        try #require(LoopsSource(address: ServiceAddress(service: .loops, host: base.host!, port: base.port, scope: scope),
                                 session: HTTPSessions.standalone()))
    }

    @Test("an account's videos: its id asked once, then three pages through two cursors; each video plays its file with its poster, shape, label, plain caption and heart")
    func account() async throws {
        let (server, base, log) = try Self.server()
        defer { server.stop() }
        let source = try Self.source(base, .account("dana"))
        let pages = try await SourcePump.all(source)
        #expect(pages.map { $0.items.map(\.id) } == [["7000", "7001"], ["7002", "7003"], ["7004", "7005"]])
        #expect(pages.last?.next == nil, "next_cursor null ends the feed")
        #expect(log.paths == ["/api/v1/account/username/dana"] + Array(repeating: "/api/v1/feed/account/411", count: 3), "\(log.paths)")
        #expect(log.queries.map { $0["cursor"] } == [nil, nil, "c2", "c3"], "\(log.queries)")
        let first = try #require(pages.first?.items.first)
        #expect(first.kind == .video && first.uri == Self.clips[0] && !source.needsDetails(first))
        #expect(first.poster == "https://loops.example/storage/t/7000.jpg" && first.width == 720 && first.height == 1280)
        #expect(first.title == "Loop & more" && first.author == "@dana" && first.accessibilityLabel == "Alt for 7000",
                "plain text, never markup: \(String(describing: first.title))")
        let extras = try #require(pages.first?.extras["7000"])
        #expect(extras.servicePostID == "7000" && extras.liked == false && extras.likes == 12)
        #expect(source.displayName == "@dana on \(base.host!)")
    }

    @Test("a visitor's tag feed: one page of videos without files, each detailed from /api/v1/video/{id} as asked; a tag that is not trending says so")
    func tag() async throws {
        let (server, base, log) = try Self.server()
        defer { server.stop() }
        let source = try Self.source(base, .tag("cats"))
        let pages = try await SourcePump.all(source)
        #expect(pages.count == 1 && pages[0].items.map(\.id) == ["7000", "7001", "7002"] && pages[0].next == nil,
                "no cursor: one page")
        let listed = pages[0].items[1]
        #expect(source.needsDetails(listed) && listed.uri.hasSuffix("/api/v1/video/7001"), "its details' address until they come")
        let slot = FeedTestPump.Slot<SourcePump.Answer>()
        source.fetchDetails(of: listed) { slot.value = $0 }
        await FeedTestPump.pump(seconds: 10) { slot.value != nil }
        let detailed = try #require(try slot.value?.get().items.first)
        #expect(detailed.id == "7001" && detailed.uri == Self.clips[1] && !source.needsDetails(listed))
        #expect(log.count("/api/v1/video/7001") == 1 && log.count("/api/v1/video/7000") == 0, "only what was asked")

        let dogs = try await SourcePump.first(try Self.source(base, .tag("dogs")))
        #expect(dogs.failure?.message == "No videos for #dogs on \(base.host!).", "\(dogs)")
    }

    @Test("a cursor given again ends the feed with No more posts; an unknown account says so")
    func ends() async throws {
        let (server, base, _) = try Self.server()
        defer { server.stop() }
        let echo = try Self.source(base, .account("echo"))
        let first = try await SourcePump.first(echo).get()
        let cursor = try #require(first.next)
        let second = try await SourcePump.next(echo, after: cursor).get()
        #expect(second.next == nil && second.endNotice == "No more posts", "\(second)")

        let nobody = try await SourcePump.first(try Self.source(base, .account("nobody")))
        #expect(nobody.failure?.message == "\(base.host!) has no account @nobody.", "\(nobody)")
    }

    @Test("For You without an account: the server's 401 names the feed as the signed-in users'")
    func forYouNeedsAccount() async throws {
        let (server, base, _) = try Self.server()
        defer { server.stop() }
        let answer = try await SourcePump.first(try Self.source(base, .forYou))
        #expect(answer.failure?.needsAccount == true && answer.failure?.message.contains("signed-in users") == true, "\(answer)")
    }
}

extension Result {
    /// The failure, nil for a success.
    var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}

extension LoopsSourceTests {
    @Test("the bare address of a Loops server is found as one, by its configuration, and shows its popular videos")
    func detected() async throws {
        let (server, base, _) = try Self.server()
        defer { server.stop() }
        let detecting = DetectingFeedSource(url: base, session: HTTPSessions.standalone()) { 700 }
        let first = try await SourcePump.first(detecting).get()
        #expect(detecting.detected == .loops(ServiceAddress(service: .loops, host: base.host!, port: base.port, scope: .instance)))
        #expect(first.items.map(\.id) == ["7000", "7001", "7002"] && first.next == nil, "\(first.items.map(\.id))")
    }
}
