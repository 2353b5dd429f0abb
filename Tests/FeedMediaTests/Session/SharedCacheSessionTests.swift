import FeedCore
@testable import FeedMedia
@testable import FeedSources
import FlickTestSupport
import Foundation
import Testing

/// Two sessions alive on one engine's media cache (two windows, or a feed
/// kept while another shows): each keys its posts by its own feed's scope
/// and extras, and hears the cache's write problem itself. Scripted
/// players: no pipeline runs, the cache only rewrites and keys.
@Suite("Sessions sharing one media cache", .serialized)
@MainActor
struct SharedCacheSessionTests {
    /// A feed of one post that says its `cacheKey`, scoped as given.
    final class KeyedSource: FeedSource {
        let cacheScope: String?
        let item: FeedItem
        let cacheKey: String

        init(scope: String, item: FeedItem, cacheKey: String) {
            cacheScope = scope
            self.item = item
            self.cacheKey = cacheKey
        }

        func loadFirst(_ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
            completion(.success(FeedSourcePage(items: [item], extras: [item.id: RemoteItemExtras(cacheKey: cacheKey)])))
        }

        func loadNext(after cursor: FeedCursor,
                      _ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
            completion(.success(FeedSourcePage(items: [])))
        }
    }

    @MainActor
    struct Watched {
        let session: FeedSession
        let players: ScriptedPlayers
        let probe: SessionProbe

        /// The cache key the post's player was given to read.
        func loadedKey(sourceLocation: SourceLocation = #_sourceLocation) throws -> CacheKey? {
            let player = try #require(players.player(for: 0), sourceLocation: sourceLocation)
            return player.loads.last.flatMap { CacheURI.parse($0)?.key }
        }
    }

    func watch(_ source: FeedSource, on engine: MediaEngine) -> Watched {
        let players = ScriptedPlayers()
        let session = FeedSession(source: source, media: engine, engine: .flick, players: players)
        let probe = SessionProbe()
        session.start()
        session.attach(probe)
        session.push(FeedSession.Input(currentIndex: 0, pixelBox: PixelSize(width: 72, height: 128)), from: probe)
        return Watched(session: session, players: players, probe: probe)
    }

    @Test("each live session keys the same post by its own feed's scope and cacheKey; ending one leaves the other's")
    func ownScopeAndExtras() throws {
        let temp = try TemporaryDirectory("shared-cache")
        defer { temp.remove() }
        let engine = try MediaEngine(cacheDirectory: temp.url,
                                     budgets: CacheBudgets(videoBytes: 20_000_000, imageBytes: 5_000_000))
        let cache = try #require(engine.cache)
        // The same id and address in both feeds (port 9: nothing answers).
        let post = FeedItem(id: "post", kind: .video, uri: "http://127.0.0.1:9/clip.mp4")
        let first = watch(KeyedSource(scope: "first.example", item: post, cacheKey: "first-key"), on: engine)
        let second = watch(KeyedSource(scope: "second.example", item: post, cacheKey: "second-key"), on: engine)
        defer { second.session.shutdown() }
        #expect(cache.registeredFeeds == 2)

        let firstKey = CacheKey.scoped(.video, scope: "first.example", name: "first-key")
        let secondKey = CacheKey.scoped(.video, scope: "second.example", name: "second-key")
        #expect(try first.loadedKey() == firstKey, "the first session reads under its own feed's key")
        #expect(try second.loadedKey() == secondKey, "the second, made later, does not take the first's place")
        #expect((cache.store.pins[firstKey] != nil) && (cache.store.pins[secondKey] != nil), "each plan pins its own current post")

        first.session.shutdown()
        #expect(cache.registeredFeeds == 1, "a session's registration ends with it")
        #expect(cache.store.pins[firstKey] == nil, "its pins go with it")
        #expect(cache.store.pins[secondKey] != nil, "the other session's stay")
        // The live session still keys by its own feed after the other ended.
        second.session.push(FeedSession.Input(currentIndex: 0, pixelBox: PixelSize(width: 72, height: 128),
                                              currentFramePainted: true), from: second.probe)
        #expect(cache.scope(for: post, in: second.session.feed.cacheFeed) == "second.example")
        #expect(second.session.feed.cacheFeed?.videoKey(for: post) == secondKey)
    }

    @Test("when the cache's disk stops taking bytes, every live session says so once")
    func writeProblemReachesEach() throws {
        let disk = try TinyDisk(bytes: 2 * 1_048_576)
        defer { disk.tearDown() }
        let engine = try MediaEngine(cacheDirectory: disk.folder.appendingPathComponent("media"),
                                     budgets: CacheBudgets(videoBytes: 50_000_000, imageBytes: 5_000_000))
        let cache = try #require(engine.cache)
        let post = FeedItem(id: "post", kind: .video, uri: "http://127.0.0.1:9/clip.mp4")
        let sessions = ["one.example", "two.example"].map {
            watch(KeyedSource(scope: $0, item: post, cacheKey: "key"), on: engine)
        }
        defer { for watched in sessions { watched.session.shutdown() } }
        let held = CacheKey.scoped(.video, scope: "filler", name: "held")
        cache.store.pin(held)
        defer { cache.store.unpin(held) }
        #expect(throws: CacheStoreError.self) {
            try FullDiskTests.fill(cache.store, held, Data(repeating: 7, count: 3_000_000))
        }
        #expect(cache.store.writeProblem != nil)

        // The next plan of each notices it.
        for watched in sessions {
            watched.session.push(FeedSession.Input(currentIndex: 0, pixelBox: PixelSize(width: 72, height: 128),
                                                   currentFramePainted: true), from: watched.probe)
            watched.session.push(FeedSession.Input(currentIndex: 0, pixelBox: PixelSize(width: 72, height: 128)),
                                 from: watched.probe)
        }
        for watched in sessions {
            let toasts = watched.probe.updates.filter { if case .toast(let text) = $0 { text.hasPrefix("The media cache") } else { false } }
            #expect(toasts.count == 1, "\(watched.probe.updates)")
        }
    }
}
