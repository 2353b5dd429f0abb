import CGLib
import FeedCore
@testable import FeedDemo
@testable import FeedHTTP
@testable import FeedMedia
@testable import FeedSources
import FlickTestSupport
import Foundation
import Testing

/// Runs the GLib default main context from a main-actor test until a load
/// finishes: libsoup answers there, as it does in the app's main loop.
@MainActor
enum FeedTestPump {
    final class Slot<Value> { var value: Value? }

    /// Starts a load with `start` and pumps until its completion runs, at most `seconds`.
    static func load(seconds: Double = 15,
                     _ start: (@escaping FeedPageLoader.Completion) -> Bool) async throws -> Result<FeedPageResult, FeedLoadError> {
        let slot = Slot<Result<FeedPageResult, FeedLoadError>>()
        try #require(start { slot.value = $0 }, "the load should start")
        await pump(seconds: seconds) { slot.value != nil }
        return try #require(slot.value, "no answer within \(seconds) s")
    }

    /// Pumps the main context until `done()` or `seconds` pass.
    static func pump(seconds: Double, until done: () -> Bool = { false }) async {
        await pumpUntil(seconds, done)
    }

    /// Every page from the first to the end.
    static func loadAll(_ loader: FeedPageLoader, maxPages: Int = 200) async throws -> [FeedPageResult] {
        var pages = [try await load { loader.loadFirst(completion: $0) }.get()]
        while !loader.endReached, pages.count < maxPages {
            pages.append(try await load { loader.loadNext(completion: $0) }.get())
        }
        return pages
    }

    /// The status libsoup gets for a GET of `url`.
    static func status(of url: URL) async throws -> Int {
        let session = HTTPSessions.standalone()
        let slot = Slot<FeedRequest.Outcome>()
        let request = FeedRequest(url: url, session: session, maxBytes: 64 * 1_048_576, timeoutSeconds: 10) { slot.value = $0 }
        try #require(request != nil)
        await pump(seconds: 15) { slot.value != nil }
        switch try #require(slot.value) {
        case .response(let response): return response.status
        case .failure(let error): throw error
        }
    }
}

/// A JSON page of items `first...last` (ids "p1", ...) with `next`.
func feedPage(_ range: ClosedRange<Int>, next: String?, base: String = "https://cdn.example.com/") -> Data {
    let items = range.map { #"{"id":"p\#($0)","type":"image","uri":"\#(base)\#($0).jpg"}"# }.joined(separator: ",")
    let nextJSON = next.map { "\"\($0)\"" } ?? "null"
    return Data(#"{"items":[\#(items)],"next":\#(nextJSON)}"#.utf8)
}

@Suite(.serialized) @MainActor struct FeedPageLoaderTests {
    /// A server on its own thread, with `routes` added; stopped by the caller.
    func server(options: MediaServer.Options = .init(), _ routes: (MediaServer) -> Void) throws -> (MediaServer, URL) {
        let server = MediaServer(options: options)
        routes(server)
        return (server, try server.startOnOwnThread())
    }

    @Test func cursorsChainPagesToTheEnd() async throws {
        let (server, base) = try server { server in
            server.serveJSON(at: "/feed.json") { query in
                switch query["cursor"] {
                case nil: return feedPage(1...3, next: "two")
                case "two": return feedPage(4...6, next: "three")
                case "three": return feedPage(7...7, next: nil)
                default: return nil
                }
            }
        }
        defer { server.stop() }
        let feedURL = base.appendingPathComponent("feed.json")
        let loader = FeedPageLoader(feedURL: feedURL)
        let pages = try await FeedTestPump.loadAll(loader)
        #expect(pages.map { $0.items.map(\.id) } == [["p1", "p2", "p3"], ["p4", "p5", "p6"], ["p7"]])
        #expect(pages.map(\.pageIndex) == [0, 1, 2])
        #expect(pages.map(\.endReached) == [false, false, true])
        #expect(pages[1].url.absoluteString == feedURL.absoluteString + "?cursor=two")
        #expect(server.requests(path: "/feed.json").count == 3)
        #expect(loader.loadNext { _ in Issue.record("no load after the end") } == false)
        #expect(!loader.isLoading)
    }

    @Test func relativeNextURLsAreFetchedAsIs() async throws {
        let (server, base) = try server { server in
            server.serveJSON(at: "/v1/feed.json") { _ in feedPage(1...2, next: "/v1/more.json?page=2") }
            server.serveJSON(at: "/v1/more.json") { query in
                query["page"] == "2" ? feedPage(3...4, next: "./last.json") : nil
            }
            server.serveJSON(at: "/v1/last.json") { _ in feedPage(5...5, next: nil) }
        }
        defer { server.stop() }
        let loader = FeedPageLoader(feedURL: base.appendingPathComponent("v1/feed.json"))
        let pages = try await FeedTestPump.loadAll(loader)
        #expect(pages.flatMap(\.items).map(\.id) == ["p1", "p2", "p3", "p4", "p5"])
        #expect(pages.last?.endReached == true)
    }

    @Test func aNextThatLoopsBackEndsTheFeedAndRepeatedIdsAreSkipped() async throws {
        let (server, base) = try server { server in
            server.serveJSON(at: "/feed.json") { query in
                query["cursor"] == nil ? feedPage(1...2, next: "b") : feedPage(2...3, next: "/feed.json")
            }
        }
        defer { server.stop() }
        let loader = FeedPageLoader(feedURL: base.appendingPathComponent("feed.json"))
        let pages = try await FeedTestPump.loadAll(loader)
        #expect(pages.count == 2)
        #expect(pages[1].items.map(\.id) == ["p3"])
        #expect(pages[1].page.skipped == [SkippedFeedItem(index: 0, id: "p2", reason: .alreadyInFeed)])
        #expect(pages[1].endReached)
        #expect(pages[1].page.unusableNext == base.appendingPathComponent("feed.json").absoluteString)
    }

    @Test func emptyPagesWithANextAreFollowed() async throws {
        let (server, base) = try server { server in
            server.serveJSON(at: "/feed.json") { query in
                switch query["cursor"] {
                case nil: return Data(#"{"items":[{"id":"x","type":"gif","uri":"https://c.example.com/x.gif"}],"next":"b"}"#.utf8)
                case "b": return Data(#"{"items":[],"next":"c"}"#.utf8)
                default: return feedPage(1...1, next: nil)
                }
            }
        }
        defer { server.stop() }
        let loader = FeedPageLoader(feedURL: base.appendingPathComponent("feed.json"))
        let page = try await FeedTestPump.load { loader.loadFirst(completion: $0) }.get()
        #expect(page.items.map(\.id) == ["p1"])
        #expect(page.page.skipped.map(\.reason) == [.unknownType("gif")], "reasons of followed pages are kept")
        #expect(page.pageIndex == 2 && page.endReached)
    }

    struct Failure: Sendable, CustomTestStringConvertible {
        var name: String
        var route: @Sendable (MediaServer) -> Void
        var expected: @Sendable (FeedLoadError) -> Bool
        var testDescription: String { name }
    }

    nonisolated static let failures: [Failure] = [
        Failure(name: "500 on the feed URL", route: { $0.setFault(.status(500), for: "/feed.json") },
                expected: { $0 == .httpStatus(500, reason: "Internal Server Error") && $0.isRetryable }),
        Failure(name: "404 on the feed URL", route: { _ in },
                expected: { $0 == .httpStatus(404, reason: "Not Found") && $0.code == .sourceNotFound }),
        Failure(name: "an HTML page", route: { server in
                    let file = FileManager.default.temporaryDirectory.appendingPathComponent("flick-feed-\(UUID().uuidString).html")
                    try? Data("<html><body>Login</body></html>".utf8).write(to: file)
                    server.serveFile(file, at: "/feed.json", contentType: "text/html")
                },
                expected: { error in
                    guard case .noFeed(let url, let found) = error else { return false }
                    return url.hasSuffix("/feed.json") && found == "it is a web page (HTML), not a feed"
                        && error.description.hasPrefix("No feed found at http://127.0.0.1:")
                }),
        Failure(name: "plain text the server calls HTML", route: { server in
                    server.serveAnswers(at: "/feed.json") { _ in .init(status: 200, body: Data("Login".utf8), contentType: "text/html") }
                },
                expected: { $0 == .notJSON("the server sent text/html, invalid value at line 1, column 1") }),
        Failure(name: "a 9 MB page", route: { server in
                    let page = FeedDocumentTests.nineMegabytes
                    server.serveJSON(at: "/feed.json") { _ in page }
                },
                expected: { $0 == .tooLarge(bytes: FeedDocumentTests.nineMegabytes.count, limit: FeedDocument.maxBytes) }),
        Failure(name: "a page that is not a feed", route: { $0.serveJSON(at: "/feed.json") { _ in Data(#"{"data":[]}"#.utf8) } },
                expected: { $0 == .schema(#"the page has no "items" array"#) }),
    ]

    @Test(arguments: failures)
    func aFailedPageSaysWhatHappened(_ failure: Failure) async throws {
        let (server, base) = try server(failure.route)
        defer { server.stop() }
        let loader = FeedPageLoader(feedURL: base.appendingPathComponent("feed.json"))
        let result = try await FeedTestPump.load { loader.loadFirst(completion: $0) }
        guard case .failure(let error) = result else {
            Issue.record("expected a failure, got \(result)")
            return
        }
        #expect(failure.expected(error), "\(error)")
        #expect(!loader.isLoading)
    }

    @Test func anAnnouncedOversizedPageIsStoppedOnItsHeaders() async throws {
        let big = feedPage(1...200, next: nil)
        let (server, base) = try server { $0.serveJSON(at: "/feed.json") { _ in big } }
        defer { server.stop() }
        let loader = FeedPageLoader(feedURL: base.appendingPathComponent("feed.json"),
                                    options: .init(maxBytes: 1_000))
        let result = try await FeedTestPump.load { loader.loadFirst(completion: $0) }
        #expect(result == .failure(.tooLarge(bytes: big.count, limit: 1_000)))
    }

    @Test func aSlowServerTimesOut() async throws {
        let (server, base) = try server(options: .init(pageDelayMilliseconds: 5_000)) {
            $0.serveJSON(at: "/feed.json") { _ in feedPage(1...1, next: nil) }
        }
        defer { server.stop() }
        let loader = FeedPageLoader(feedURL: base.appendingPathComponent("feed.json"), options: .init(timeoutSeconds: 1))
        let started = Date()
        let result = try await FeedTestPump.load { loader.loadFirst(completion: $0) }
        #expect(result == .failure(.timedOut(seconds: 1)))
        #expect(Date().timeIntervalSince(started) < 4)
    }

    @Test func anUnreachableServerIsANetworkError() async throws {
        let (server, base) = try server { _ in }
        server.stop()
        let loader = FeedPageLoader(feedURL: base.appendingPathComponent("feed.json"))
        let result = try await FeedTestPump.load { loader.loadFirst(completion: $0) }
        guard case .failure(.network(let message)) = result else {
            Issue.record("expected a network error, got \(result)")
            return
        }
        #expect(!message.isEmpty)
        #expect(FeedLoadError.network(message).isRetryable)
    }

    @Test func aFeedURLThatIsNotHTTPIsRefused() async throws {
        let loader = FeedPageLoader(feedURL: URL(fileURLWithPath: "/tmp/feed.json"))
        let result = try await FeedTestPump.load { loader.loadFirst(completion: $0) }
        #expect(result == .failure(.invalidURL("file:///tmp/feed.json")))
    }

    @Test func startingOverDropsTheAnswerInFlight() async throws {
        let (server, base) = try server(options: .init(pageDelayMilliseconds: 200)) {
            $0.serveJSON(at: "/feed.json") { _ in feedPage(1...2, next: "more") }
        }
        defer { server.stop() }
        let loader = FeedPageLoader(feedURL: base.appendingPathComponent("feed.json"))
        var staleCalls = 0
        loader.loadFirst { _ in staleCalls += 1 }
        #expect(loader.isLoading)
        #expect(loader.loadNext { _ in Issue.record("no second load while one is in flight") } == false)
        let fresh = try await FeedTestPump.load { loader.loadFirst(completion: $0) }
        #expect(try fresh.get().items.map(\.id) == ["p1", "p2"])
        await FeedTestPump.pump(seconds: 0.5)
        #expect(staleCalls == 0)

        loader.loadNext { _ in staleCalls += 1 }
        loader.cancel()
        #expect(!loader.isLoading)
        await FeedTestPump.pump(seconds: 0.5)
        #expect(staleCalls == 0)
        // After a cancel the same page can be asked for again.
        let retried = try await FeedTestPump.load { loader.loadNext(completion: $0) }
        #expect(try retried.get().pageIndex == 1)
    }

    @Test func aFailedNextPageIsAskedForAgain() async throws {
        let (server, base) = try server { server in
            server.serveJSON(at: "/feed.json") { query in
                query["cursor"] == nil ? feedPage(1...1, next: "b") : feedPage(2...2, next: nil)
            }
        }
        defer { server.stop() }
        let loader = FeedPageLoader(feedURL: base.appendingPathComponent("feed.json"))
        _ = try await FeedTestPump.load { loader.loadFirst(completion: $0) }.get()
        // (A 503 or 429 is waited out by the loader's client; a 500 is answered as it came.)
        server.setFault(.failTimes(1, status: 500), for: "/feed.json")
        let failed = try await FeedTestPump.load { loader.loadNext(completion: $0) }
        #expect(failed == .failure(.httpStatus(500, reason: "Internal Server Error")))
        let retried = try await FeedTestPump.load { loader.loadNext(completion: $0) }.get()
        #expect(retried.items.map(\.id) == ["p2"])
        #expect(retried.pageIndex == 1)
    }
}
