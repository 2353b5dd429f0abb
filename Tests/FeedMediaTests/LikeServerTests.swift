import FeedCore
@testable import FeedDemo
@testable import FeedMedia
@testable import FeedSources
import FlickTestSupport
import Foundation
import Testing

/// A like endpoint for tests: keeps one liked flag per path and a count
/// that starts at 10, records every request it answered. Any thread.
final class TestLikeEndpoint: @unchecked Sendable {
    private let lock = NSLock()
    private var liked: [String: Bool] = [:]
    private var bodies: [String] = []

    /// The bodies of the requests answered, in order.
    var requests: [String] { lock.withLock { bodies } }
    func isLiked(_ path: String) -> Bool { lock.withLock { liked[path] ?? false } }

    func answer(_ request: MediaServer.PostRequest) -> MediaServer.PostResponse {
        lock.withLock {
            bodies.append(String(decoding: request.body, as: UTF8.self))
            struct Body: Decodable { var liked: Bool }
            guard let body = try? JSONDecoder().decode(Body.self, from: request.body) else {
                return MediaServer.PostResponse(status: 400)
            }
            liked[request.path] = body.liked
            return MediaServer.PostResponse(status: 200, body: Data(#"{"liked":\#(body.liked),"likes":\#(body.liked ? 11 : 10)}"#.utf8))
        }
    }
}

/// A value set on one thread and read on another.
final class LockedValue<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?
    var value: Value? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// The media server's POST routes, and the demo feed's like endpoints.
@Suite(.serialized) @MainActor struct LikeServerTests {
    /// Sends one like and pumps until it is answered.
    static func like(_ liked: Bool, at url: URL, sender: LikeSender = LikeSender(),
                     seq: UInt64 = 1) async throws -> Result<LikeAnswer, LikeFailure> {
        let slot = FeedTestPump.Slot<Result<LikeAnswer, LikeFailure>>()
        sender.send(liked: liked, to: url, seq: seq) { answeredSeq, result in
            #expect(answeredSeq == seq)
            slot.value = result
        }
        await FeedTestPump.pump(seconds: 15) { slot.value != nil }
        return try #require(slot.value, "no answer")
    }

    @Test func aPostRouteGetsTheBodyAndQueryAndItsAnswerIsSent() async throws {
        let seen = LockedValue<MediaServer.PostRequest>()
        let server = MediaServer()
        server.servePost(at: "/like") { request in
            seen.value = request
            return MediaServer.PostResponse(status: 200, body: Data(#"{"liked":true,"likes":3}"#.utf8))
        }
        let base = try server.startOnOwnThread()
        defer { server.stop() }

        let answer = try await Self.like(true, at: try #require(URL(string: "like?from=test", relativeTo: base)))
        #expect(answer == .success(LikeAnswer(liked: true, likes: 3)))
        let request = try #require(seen.value)
        #expect(request.path == "/like")
        #expect(request.query == ["from": "test"])
        #expect(String(decoding: request.body, as: UTF8.self) == #"{"liked":true}"#)
    }

    @Test func otherMethodsOnAPostRouteAndPostsOnAFileAre405() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let file = temp.url.appendingPathComponent("a.txt")
        try Data("hello".utf8).write(to: file)
        let server = MediaServer()
        server.servePost(at: "/like") { _ in MediaServer.PostResponse(status: 204) }
        server.serveFile(file, at: "/a.txt", contentType: "text/plain")
        _ = try server.startOnOwnThread()
        defer { server.stop() }
        let client = TestHTTPClient()

        let get = client.fetch(try #require(server.url(for: "/like")))
        #expect(get.status == 405)
        #expect(get.header("Allow") == "POST, PUT")
        let post = client.fetch(try #require(server.url(for: "/like")), method: "POST")
        #expect(post.status == 204)
        #expect(post.body.isEmpty)
        // A PUT reaches the handler too (PeerTube's rating is one).
        let put = client.fetch(try #require(server.url(for: "/like")), method: "PUT")
        #expect(put.status == 204)
        let postFile = client.fetch(try #require(server.url(for: "/a.txt")), method: "POST")
        #expect(postFile.status == 405)
        #expect(postFile.header("Allow") == "GET, HEAD")
    }

    @Test func postsBelowAPrefixReachOneHandlerAndExactRoutesWin() throws {
        let server = MediaServer()
        server.servePosts(under: "/like/") { request in
            MediaServer.PostResponse(status: 200, body: Data(request.path.utf8), contentType: "text/plain")
        }
        server.servePost(at: "/like/special") { _ in MediaServer.PostResponse(status: 202) }
        _ = try server.startOnOwnThread()
        defer { server.stop() }
        let client = TestHTTPClient()

        let item = client.fetch(try #require(server.url(for: "/like/item-7")), method: "POST")
        #expect(item.status == 200)
        #expect(String(decoding: item.body, as: UTF8.self) == "/like/item-7")
        #expect(item.header("Content-Type")?.hasPrefix("text/plain") == true)
        #expect(client.fetch(try #require(server.url(for: "/like/special")), method: "POST").status == 202)
        // Not below the prefix: the handler is not reached (a POST to a
        // path with no POST route is refused like any method but GET/HEAD).
        for path in ["/like/", "/liked"] {
            let reply = client.fetch(try #require(server.url(for: path)), method: "POST")
            #expect(reply.status == 405, "\(path)")
            #expect(reply.body.isEmpty, "\(path)")
        }
    }

    @Test func aFaultOnAPostPathAnswersInsteadOfTheHandler() async throws {
        let endpoint = TestLikeEndpoint()
        let server = MediaServer()
        server.servePosts(under: "/like/") { endpoint.answer($0) }
        server.setFault(.failTimes(1, status: 500), for: "/like/a")
        _ = try server.startOnOwnThread()
        defer { server.stop() }
        let url = try #require(server.url(for: "/like/a"))

        #expect(try await Self.like(true, at: url) == .failure(.httpStatus(500)))
        #expect(endpoint.requests.isEmpty)
        #expect(try await Self.like(true, at: url) == .success(LikeAnswer(liked: true, likes: 11)))
        #expect(endpoint.requests == [#"{"liked":true}"#])
    }

    @Test func routesResolvePostPrefixesLikeFolders() {
        let handler: MediaServer.PostHandler = { _ in MediaServer.PostResponse(status: 200) }
        let routes: [String: ServerRoute] = ["/like/": .posts(handler), "/like/deep/": .directory(URL(fileURLWithPath: "/tmp"))]
        func isPost(_ route: ResolvedRoute) -> Bool { if case .post = route { true } else { false } }
        func isFile(_ route: ResolvedRoute) -> Bool { if case .file = route { true } else { false } }
        #expect(isPost(ResolvedRoute.resolve("/like/item-1", in: routes)))
        #expect(isFile(ResolvedRoute.resolve("/like/deep/x.jpg", in: routes)))
        #expect(!isPost(ResolvedRoute.resolve("/like/../feed.json", in: routes)))
        #expect(!isPost(ResolvedRoute.resolve("/like/", in: routes)))
    }

    // MARK: The demo feed

    @Test func theDemoFailureShareFailsExactlyEveryTenthRequestByDefault() {
        let failing = (1...100).filter { DemoLikeStore.fails(requestNumber: $0, share: 0.1) }
        #expect(failing == Array(stride(from: 10, through: 100, by: 10)))
        #expect((1...100).filter { DemoLikeStore.fails(requestNumber: $0, share: 0.25) }.count == 25)
        #expect(!(1...50).contains { DemoLikeStore.fails(requestNumber: $0, share: 0) })
        #expect((1...50).allSatisfy { DemoLikeStore.fails(requestNumber: $0, share: 1) })
        #expect(DemoFeedServer.defaultLikeFailureShare == 0.1)
    }

    @Test func demoPostsCarryALikeURLAndTheServerKeepsLikes() async throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let (library, assets) = try FeedDemoServerTests.fakeLibrary(in: temp.url)
        let server = MediaServer()
        _ = try server.startOnOwnThread()
        defer { server.stop() }
        let feedURL = try DemoFeedServer(library: library, assets: assets, itemCount: 40, likeFailureShare: 0)
            .install(on: server)

        let loader = FeedPageLoader(feedURL: feedURL)
        let first = try await FeedTestPump.load { loader.loadFirst(completion: $0) }.get()
        let extras = try #require(first.page.extras["item-3"])
        #expect(extras.likeURL == server.url(for: "/like/item-3"))
        #expect(extras.liked == false)
        #expect(extras.likes == DemoLikeStore.baseLikes(number: 3))
        #expect(first.items.allSatisfy { first.page.extras[$0.id]?.likeURL != nil })

        let liked = try await Self.like(true, at: try #require(extras.likeURL))
        #expect(liked == .success(LikeAnswer(liked: true, likes: DemoLikeStore.baseLikes(number: 3) + 1)))
        let again = try await FeedTestPump.load { loader.loadFirst(completion: $0) }.get()
        #expect(again.page.extras["item-3"]?.liked == true)
        #expect(again.page.extras["item-3"]?.likes == DemoLikeStore.baseLikes(number: 3) + 1)

        let client = TestHTTPClient()
        #expect(client.fetch(try #require(server.url(for: "/like/item-41")), method: "POST").status == 404)
        #expect(client.fetch(try #require(server.url(for: "/like/item-3")), method: "POST").status == 400)
        #expect(client.fetch(try #require(server.url(for: "/like/item-3"))).status == 405)
    }
}
