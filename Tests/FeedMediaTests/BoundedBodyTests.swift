import FeedCore
@testable import FeedDemo
@testable import FeedHTTP
@testable import FeedMedia
@testable import FeedSources
import FlickTestSupport
import Foundation
import Testing

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

/// Pictures are read whole into the cache: bounded in size as they arrive
/// and in time for all of them.
@Suite("Bounded picture downloads", .serialized) @MainActor struct BoundedStillTests {
    @Test func aChunkedPictureOverTheLimitStopsAtTheLimit() async throws {
        let served = try ServedFile(size: 3 * 1_048_576)
        defer { served.tearDown() }
        served.server.setFault(.chunked, for: ServedFile.path)
        let store = try TestStore()
        defer { store.remove() }
        var result: FetchResult?
        let fetcher = RangeFetcher()
        fetcher.fetch(url: served.url, range: nil, into: store.store, key: CacheKey(kind: .image, source: "big"),
                      limits: FetchLimits(maxBytes: 500_000, seconds: 10)) { result = $0 }
        await FetchPump.pump(seconds: 10) { result != nil }
        withExtendedLifetime(fetcher) {}
        guard case .failed(let failure)? = result?.end else {
            Issue.record("expected a failure, got \(String(describing: result))")
            return
        }
        #expect(failure.code == .imageDecodeFailed)
        #expect((result?.bytesFetched ?? .max) <= 500_000 + 65_536, "counted as it arrived")
    }

    @Test func aPictureThatTricklesForeverTimesOutOnItsWholeDeadline() async throws {
        let served = try ServedFile(size: 300_000)
        defer { served.tearDown() }
        served.server.setFault(.stallAfter(bytes: 1_000), for: ServedFile.path)
        let store = try TestStore()
        defer { store.remove() }
        var result: FetchResult?
        let started = Date()
        let fetcher = RangeFetcher()
        fetcher.fetch(url: served.url, range: nil, into: store.store, key: CacheKey(kind: .image, source: "slow"),
                      limits: FetchLimits(maxBytes: 1_000_000, seconds: 1)) { result = $0 }
        await FetchPump.pump(seconds: 10) { result != nil }
        withExtendedLifetime(fetcher) {}
        #expect(result?.end == .failed(FetchFailure(code: .timeout, message: "it did not arrive whole within 1 s")))
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func thePicturePathUsesTheBounds() async throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let file = temp.url.appendingPathComponent("huge.jpg")
        try Data(count: Int(MediaCache.maxStillBytes) + 1_048_576).write(to: file)
        let server = MediaServer()
        server.serveFile(file, at: "/huge.jpg", contentType: "image/jpeg")
        server.setFault(.chunked, for: "/huge.jpg")
        let base = try server.startOnOwnThread()
        defer { server.stop() }
        let cache = try MediaCache(directory: temp.url.appendingPathComponent("media"),
                                   budgets: CacheBudgets(videoBytes: 10_000_000, imageBytes: 100_000_000))
        defer { cache.close() }
        let url = base.appendingPathComponent("huge.jpg")
        var answer: Result<StillFile, RemoteImageError>?
        cache.fetchStill(url, for: FeedItem(id: "huge", kind: .image, uri: url.absoluteString)) { answer = $0 }
        _ = await pumpUntil(20) { answer != nil }
        guard case .failure(let error)? = answer else {
            Issue.record("expected a failure, got \(String(describing: answer))")
            return
        }
        #expect(PictureFailure(error).code == .imageDecodeFailed)
        #expect(cache.store.usage(kind: .image) <= MediaCache.maxStillBytes)
    }
}
