import FeedCore
@testable import FeedDemo
@testable import FeedMedia
@testable import FeedSources
import FlickTestSupport
import Foundation
import Testing

/// The like sender against a media server on loopback: what each kind of
/// answer becomes, and cancelling.
@Suite(.serialized) @MainActor struct LikeSenderTests {
    /// A server answering every POST below `/like/` with `answer`.
    func server(_ answer: @escaping MediaServer.PostHandler) throws -> MediaServer {
        let server = MediaServer()
        server.servePosts(under: "/like/", answer)
        _ = try server.startOnOwnThread()
        return server
    }

    func json(_ text: String, status: Int = 200) -> MediaServer.PostHandler {
        { _ in MediaServer.PostResponse(status: status, body: Data(text.utf8)) }
    }

    @Test func anAnswerWithTheStateAndCountIsASuccess() async throws {
        let endpoint = TestLikeEndpoint()
        let server = try server { endpoint.answer($0) }
        defer { server.stop() }
        let url = try #require(server.url(for: "/like/item-1"))
        #expect(try await LikeServerTests.like(true, at: url, seq: 7) == .success(LikeAnswer(liked: true, likes: 11)))
        #expect(try await LikeServerTests.like(false, at: url, seq: 8) == .success(LikeAnswer(liked: false, likes: 10)))
        #expect(endpoint.requests == [#"{"liked":true}"#, #"{"liked":false}"#])
    }

    @Test func anAnswerWithoutACountIsASuccessWithoutOne() async throws {
        let server = try server(json(#"{"liked":true,"extra":[1,2]}"#))
        defer { server.stop() }
        let url = try #require(server.url(for: "/like/x"))
        #expect(try await LikeServerTests.like(true, at: url) == .success(LikeAnswer(liked: true, likes: nil)))
    }

    @Test func aNon2xxStatusIsAFailure() async throws {
        let server = try server(json(#"{"liked":true,"likes":1}"#, status: 503))
        defer { server.stop() }
        let url = try #require(server.url(for: "/like/x"))
        #expect(try await LikeServerTests.like(true, at: url) == .failure(.httpStatus(503)))
    }

    @Test(arguments: ["not json", #"{"likes":3}"#, #"{"liked":"yes"}"#, #"{"liked":true,"likes":-1}"#, ""])
    func anUnreadableAnswerIsAFailure(body: String) async throws {
        let server = try server(json(body))
        defer { server.stop() }
        let url = try #require(server.url(for: "/like/x"))
        let result = try await LikeServerTests.like(true, at: url)
        guard case .failure(.badAnswer) = result else {
            Issue.record("\(body): \(result)")
            return
        }
    }

    @Test func aServerThatIsGoneIsANetworkFailure() async throws {
        let server = try server(json("{}"))
        let url = try #require(server.url(for: "/like/x"))
        server.stop()
        let result = try await LikeServerTests.like(true, at: url)
        guard case .failure(.network) = result else {
            Issue.record("\(result)")
            return
        }
    }

    @Test func aURLThatIsNotHTTPFailsLaterNotInsideSend() async throws {
        let sender = LikeSender()
        var answered = false
        sender.send(liked: true, to: URL(fileURLWithPath: "/tmp/like"), seq: 1) { _, result in
            #expect(result == .failure(.invalidURL("file:///tmp/like")))
            answered = true
        }
        #expect(!answered)
        await FeedTestPump.pump(seconds: 5) { answered }
        #expect(answered)
    }

    @Test func aServerThatNeverAnswersTimesOut() async throws {
        let server = try server(json(#"{"liked":true}"#))
        defer { server.stop() }
        server.setFault(.stallAfter(bytes: 0), for: "/like/x")
        let url = try #require(server.url(for: "/like/x"))
        let sender = LikeSender(options: .init(timeoutSeconds: 1))
        #expect(try await LikeServerTests.like(true, at: url, sender: sender) == .failure(.timedOut(seconds: 1)))
        #expect(sender.pendingCount == 0)
    }

    @Test func aCancelledRequestNeverCallsBack() async throws {
        let server = MediaServer(options: .init(latencyMilliseconds: 200))
        server.servePosts(under: "/like/", json(#"{"liked":true}"#))
        _ = try server.startOnOwnThread()
        defer { server.stop() }
        let url = try #require(server.url(for: "/like/x"))
        let sender = LikeSender()
        var calls = 0
        let first = sender.send(liked: true, to: url, seq: 1) { _, _ in calls += 1 }
        sender.send(liked: true, to: url, seq: 2) { _, _ in calls += 1 }
        first.cancel()
        sender.cancelAll()
        #expect(sender.pendingCount == 0)
        await FeedTestPump.pump(seconds: 1)
        #expect(calls == 0)
    }
}
