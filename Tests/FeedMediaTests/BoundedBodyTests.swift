import FeedCore
import Foundation
import Testing
@testable import FeedMedia

/// Bodies read into memory (feed pages, like answers) stop at their limit
/// whether or not the server announced a length, and one deadline covers
/// the whole exchange, against a loopback server that lies.
@Suite(.serialized) @MainActor struct BoundedBodyTests {
    @Test func aChunkedPageWithNoLengthStopsAtTheLimitNotAtItsEnd() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        // 40 MB of one JSON string that never closes: only its size matters.
        let file = folder.url.appendingPathComponent("endless.json")
        var body = Data(#"{"items": [], "next": ""#.utf8)
        body.append(Data(repeating: UInt8(ascii: "x"), count: 40 * 1_048_576))
        try body.write(to: file)
        let server = MediaServer()
        server.serveFile(file, at: "/feed.json", contentType: "application/json")
        server.setFault(.chunked, for: "/feed.json")
        let base = try server.startOnOwnThread()
        defer { server.stop() }

        let loader = FeedPageLoader(feedURL: base.appendingPathComponent("feed.json"))
        let result = try await FeedTestPump.load(seconds: 30) { loader.loadFirst(completion: $0) }
        guard case .failure(.tooLarge(let bytes, let limit)) = result else {
            Issue.record("expected tooLarge, got \(result)")
            return
        }
        #expect(limit == FeedDocument.maxBytes)
        #expect(bytes > limit && bytes <= limit + BoundedBodyRequest.chunkBytes, "counted as it arrived: \(bytes)")
        // The client stopped reading: the server could not send the 40 MB.
        await FeedTestPump.pump(seconds: 0.5)
        #expect(server.bytesSent(path: "/feed.json") < 20 * 1_048_576)
    }

    @Test func aBodyThatStallsHalfWayTimesOutOnTheWholeExchangesDeadline() async throws {
        let server = MediaServer()
        let page = feedPage(1...50, next: nil)
        server.serveJSON(at: "/feed.json") { _ in page }
        server.setFault(.stallAfter(bytes: 100), for: "/feed.json")
        let base = try server.startOnOwnThread()
        defer { server.stop() }
        let loader = FeedPageLoader(feedURL: base.appendingPathComponent("feed.json"), options: .init(timeoutSeconds: 1))
        let started = Date()
        let result = try await FeedTestPump.load { loader.loadFirst(completion: $0) }
        #expect(result == .failure(.timedOut(seconds: 1)))
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func aChunkedLikeAnswerOverItsLimitIsABadAnswer() async throws {
        let server = MediaServer()
        let long = Data(#"{"liked": true, "pad": ""#.utf8) + Data(repeating: UInt8(ascii: "y"), count: 1_048_576) + Data(#""}"#.utf8)
        server.servePosts(under: "/like/") { _ in MediaServer.PostResponse(status: 200, body: long) }
        server.setFault(.chunked, for: "/like/x")
        _ = try server.startOnOwnThread()
        defer { server.stop() }
        let url = try #require(server.url(for: "/like/x"))
        let result = try await LikeServerTests.like(true, at: url)
        guard case .failure(.badAnswer(let detail)) = result else {
            Issue.record("expected a bad answer, got \(result)")
            return
        }
        #expect(detail.contains("too long"))
    }
}
