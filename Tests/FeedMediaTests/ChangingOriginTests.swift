import FeedCore
@testable import FeedDemo
@testable import FeedMedia
@testable import FeedSources
import FlickTestSupport
import Foundation
import Testing

extension PlaybackTests {
    @Test("a file whose origin keeps changing it (a new Last-Modified on every answer, If-Range ignored) is fetched a few times, then streams uncached and plays; the diagnostics count it")
    func changingOrigin() async throws {
        let temp = try TemporaryDirectory("changing-origin")
        defer { temp.remove() }
        let server = MediaServer()
        // 2 MB with its index at the end: read in several ranges.
        server.serveFile(try RangelessServerTests.moovAtEnd.get(), at: "/changing.mp4", contentType: "video/mp4")
        server.serveFile(clips.videos[1], at: "/steady.mp4", contentType: "video/mp4")
        server.setFault(.flipLastModified, for: "/changing.mp4")
        let base = try server.startOnOwnThread()
        defer { server.stop() }
        let engine = try MediaEngine(cacheDirectory: temp.url,
                                     budgets: CacheBudgets(videoBytes: 50_000_000, imageBytes: 10_000_000))
        let cache = try #require(engine.cache)
        let items = ["changing", "steady"].map {
            FeedItem(id: $0, kind: .video, uri: base.appendingPathComponent("\($0).mp4").absoluteString)
        }
        let session = FeedSession(source: ArrayFeedSource(items), media: engine)
        defer { session.shutdown() }
        let probe = SessionProbe()
        session.start()
        session.attach(probe)
        session.push(input(0), from: probe)

        // It plays, and keeps playing (the clip loops), from the network.
        #expect(await pumpUntil(30) { probe.frames(at: 0).count >= 90 },
                "\(probe.updates.filter { if case .frame = $0 { false } else { true } })")
        #expect(cache.uncachedFileCount == 1, "the changing file streams uncached")
        #expect(cache.playbackURI(for: items[0]) == items[0].uri)
        #expect(cache.playbackURI(for: items[1]) != items[1].uri, "a steady file of the same origin is still cached")
        #expect(!probe.updates.contains { if case .error(0, _, _, _) = $0 { true } else { false } },
                "the switch to streaming is silent")
        // A few requests, not thousands: the cache gave up after two version
        // changes; each loop of the stream asks once more.
        let requests = server.requests(path: "/changing.mp4").count
        #expect(requests <= 20, "\(requests) requests")
        #expect(server.requests(path: "/steady.mp4").count <= 4)
    }
}
