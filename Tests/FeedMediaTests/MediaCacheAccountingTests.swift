import FeedCore
@testable import FeedDemo
@testable import FeedMedia
@testable import FeedSources
import FlickTestSupport
import Foundation
import Testing

/// The media cache carrying out preload plans against a real loopback
/// server, and counting where the network bytes went.
@MainActor
@Suite("The media cache's plans and byte accounting", .serialized)
struct MediaCacheAccountingTests {
    /// A loopback server with one file and a media cache in a fresh folder.
    @MainActor
    private struct Setup {
        let served: ServedFile
        let temp: TemporaryDirectory
        let cache: MediaCache

        init(size: Int, options: MediaServer.Options = .init(), label: String = #function) throws {
            try MediaRuntime.initialize()
            served = try ServedFile(size: size, options: options, label: label)
            temp = try TemporaryDirectory(label)
            cache = try MediaCache(directory: temp.url.appendingPathComponent("media"),
                                   budgets: CacheBudgets(videoBytes: 100_000_000, imageBytes: 10_000_000))
        }

        func tearDown() {
            cache.close()
            served.tearDown()
            temp.remove()
        }
    }

    /// Fifty video posts, all the same served file under their own ids (keys).
    private func items(_ served: ServedFile, run: String) -> [FeedItem] {
        (0..<50).map { FeedItem(id: "\(run)-\($0)", kind: .video, uri: served.url.absoluteString) }
    }

    private func plan(current: Int, count: Int = 50) -> PreloadPlan {
        PreloadPolicy.plan(PreloadPolicy.Input(currentIndex: current, count: count))
    }

    /// The indices the plan preloads (startup range only, no player).
    private func startupIndices(_ plan: PreloadPlan) -> [Int] {
        plan.entries.filter { $0.video == .startup }.map(\.index)
    }

    @Test("startup preloads fetch exactly the startup range; leaving unplayed counts it as wasted, landing first does not")
    func wastedBytes() async throws {
        let setup = try Setup(size: 3_000_000)
        defer { setup.tearDown() }
        let (served, cache) = (setup.served, setup.cache)
        let feed = items(served, run: UUID().uuidString)
        let item = { (index: Int) in feed.indices.contains(index) ? feed[index] : nil }

        let first = plan(current: 0)
        let preloaded = startupIndices(first)
        try #require(!preloaded.isEmpty, "the plan preloads something ahead: \(first)")
        let startup = Int64(first.startupRange.bytes)
        cache.apply(first, item: item)
        let keys = preloaded.map { MediaCache.videoKey(for: feed[$0]) }
        #expect(await pumpUntil(15) { keys.allSatisfy { cache.store.available($0, from: 0) >= startup } })
        for key in keys {
            #expect(cache.store.status(key) == .partial)
            #expect(cache.store.usage(kind: .video) >= startup)
        }
        var statistics = cache.statistics
        #expect(statistics.speculativeBytes == startup * Int64(keys.count), "exactly the startup range, once per post")
        #expect(statistics.wastedBytes == 0, "nothing has left the plan yet")

        // Land on the first preloaded post: its bytes were worth it.
        let landed = preloaded[0]
        cache.apply(plan(current: landed), item: item)
        // Then fly far away: everything else preloaded leaves the plan unplayed.
        cache.apply(plan(current: 40), item: item)
        #expect(await pumpUntil(15) { cache.fetcher.inFlight == 0 })
        statistics = cache.statistics
        let unplayed = keys.count - 1
        let landedPlanPreloads = startupIndices(plan(current: landed)).filter { !preloaded.contains($0) }.count
        #expect(statistics.wastedBytes >= startup * Int64(unplayed))
        #expect(statistics.wastedBytes <= startup * Int64(unplayed + landedPlanPreloads),
                "the landed post's bytes are not wasted: \(statistics)")
        #expect(statistics.networkBytes == statistics.activeBytes + statistics.speculativeBytes)
    }

    @Test("while the current buffer is unhealthy no speculative fetch runs; running ones stop and keep their bytes")
    func unhealthyBufferStopsPreloads() async throws {
        // Slow enough that the preloads are still running when the buffer starves.
        let setup = try Setup(size: 3_000_000, options: .init(bandwidthBitsPerSecond: 4_000_000))
        defer { setup.tearDown() }
        let (served, cache) = (setup.served, setup.cache)
        let feed = items(served, run: UUID().uuidString)
        let item = { (index: Int) in feed.indices.contains(index) ? feed[index] : nil }
        let first = plan(current: 0)
        let keys = startupIndices(first).map { MediaCache.videoKey(for: feed[$0]) }
        try #require(!keys.isEmpty)

        cache.apply(first, item: item, currentBufferHealthy: false)
        #expect(cache.fetcher.inFlight == 0, "nothing speculative starts while the current item starves")

        cache.apply(first, item: item)
        #expect(cache.fetcher.inFlight == keys.count)
        #expect(await pumpUntil(10) { keys.contains { cache.store.available($0, from: 0) > 0 } })
        cache.apply(first, item: item, currentBufferHealthy: false)
        #expect(await pumpUntil(5) { cache.fetcher.inFlight == 0 }, "running preloads stop")
        let kept = keys.map { cache.store.available($0, from: 0) }
        #expect(kept.contains { $0 > 0 } && kept.allSatisfy { $0 < Int64(first.startupRange.bytes) },
                "what landed stays, partial: \(kept)")
    }

    @Test("items with the same cacheKey share their bytes, whatever their signed URLs; others key on their id")
    func sharedCacheKey() async throws {
        let setup = try Setup(size: 600_000)
        defer { setup.tearDown() }
        let (served, cache) = (setup.served, setup.cache)
        let shared = "clip-\(UUID().uuidString)"
        let signed = { (signature: Int) in
            FeedItem(id: "signed-\(signature)", kind: .video, uri: served.url.absoluteString + "?sig=\(signature)")
        }
        let items = [signed(1), signed(2), FeedItem(id: "plain-\(shared)", kind: .video, uri: served.url.absoluteString)]
        let feed = cache.register(scope: { _ in nil }, extras: { $0.id.hasPrefix("signed-") ? RemoteItemExtras(cacheKey: shared) : nil })
        defer { cache.end(feed) }

        #expect(feed.videoKey(for: items[0]) == feed.videoKey(for: items[1]))
        let origin = try #require(CacheKey.origin(of: served.url.absoluteString))
        #expect(feed.videoKey(for: items[0]) == CacheKey.scoped(.video, scope: origin, name: shared))
        #expect(feed.videoKey(for: items[2]) == CacheKey.scoped(.video, scope: origin, name: items[2].id))
        #expect(CacheURI.parse(feed.playbackURI(for: items[1]))?.key == CacheKey.scoped(.video, scope: origin, name: shared))

        // Preloading the first signed URL fills the bytes the second one reads.
        let done = Box(false)
        cache.fetcher.fetch(url: try #require(URL(string: items[0].uri)), range: nil, into: cache.store,
                            key: feed.videoKey(for: items[0])) { _ in done.value = true }
        #expect(await pumpUntil(10) { done.value })
        #expect(cache.store.status(feed.videoKey(for: items[1])) == .complete)
        #expect(cache.cachedShare(of: items[1], in: feed) == 1)
        #expect(cache.cachedShare(of: items[2], in: feed) == nil, "the plain item has nothing on disk")
    }
}

extension MediaCacheAccountingTests {
    @Test("a preload cut short resumes from its first missing byte when its post comes back into the plan")
    func resumedPreload() async throws {
        let setup = try Setup(size: 3_000_000, options: .init(bandwidthBitsPerSecond: 4_000_000))
        defer { setup.tearDown() }
        let (served, cache) = (setup.served, setup.cache)
        let feed = items(served, run: UUID().uuidString)
        let item = { (index: Int) in feed.indices.contains(index) ? feed[index] : nil }
        let first = plan(current: 0)
        let keys = startupIndices(first).map { MediaCache.videoKey(for: feed[$0]) }
        try #require(!keys.isEmpty)
        let startup = Int64(first.startupRange.bytes)

        cache.apply(first, item: item)
        #expect(await pumpUntil(10) { keys.allSatisfy { cache.store.available($0, from: 0) > 0 } })
        cache.apply(plan(current: 40), item: item) // flown past: the preloads stop, keeping what landed
        #expect(await pumpUntil(5) { cache.fetcher.inFlight == 0 })
        let kept = keys.map { cache.store.available($0, from: 0) }
        let before = cache.statistics.networkBytes

        cache.apply(first, item: item) // back again
        #expect(await pumpUntil(20) { keys.allSatisfy { cache.store.available($0, from: 0) >= startup } })
        let fetched = cache.statistics.networkBytes - before
        let missing = zip(keys, kept).reduce(Int64(0)) { $0 + (startup - $1.1) }
        #expect(fetched == missing, "only the missing bytes are fetched again: \(fetched) for \(missing) missing")
    }
}


/// A mutable value a completion can set.
@MainActor
private final class Box<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}
