import FeedCore
@testable import FeedDemo
import FeedGObject
@testable import FeedHTTP
@testable import FeedMedia
@testable import FeedSources
import FlickTestSupport
import Foundation
import Testing

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

    @Test("the bodies kept for conditional requests are bounded in bytes: the oldest large page is let go")
    func keptBodiesBounded() async throws {
        let server = MediaServer()
        let log = RequestLog()
        let big = Data(repeating: UInt8(ascii: " "), count: 7 * 1_048_576)
        for name in ["a", "b", "c"] {
            server.serveAnswers(at: "/\(name).json") { request in
                log.record(request)
                return .init(status: 200, body: big, headers: ["ETag": "\"\(name)\""])
            }
        }
        let base = try server.startOnOwnThread()
        defer { server.stop() }
        let client = ServiceClient(session: HTTPSessions.standalone())
        for name in ["a", "b", "c", "a", "c"] {
            let slot = FeedTestPump.Slot<Result<ServiceClient.Response, FeedLoadError>>()
            client.get(base.appendingPathComponent("\(name).json")) { slot.value = $0 }
            await FeedTestPump.pump(seconds: 20) { slot.value != nil }
            #expect(try #require(slot.value).get().body.count == big.count)
        }
        // 21 MiB of bodies is over the 16 MiB kept: a's went first, c's is still there.
        #expect(log.headers.map { $0["If-None-Match"] } == [nil, nil, nil, nil, "\"c\""])
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
