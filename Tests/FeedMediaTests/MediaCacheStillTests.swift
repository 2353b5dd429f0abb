import FeedCore
import FlickTestSupport
import Foundation
import Testing
@testable import FeedMedia
@testable import FeedDemo

/// Pictures through the media cache, and decoded pictures kept in memory.
@MainActor
@Suite("Pictures through the media cache", .serialized)
struct MediaCacheStillTests {
    /// Fetches `url`'s still for `item` and waits for the answer.
    private func still(_ cache: MediaCache, _ url: URL, _ item: FeedItem) async -> Result<StillFile, RemoteImageError>? {
        var answer: Result<StillFile, RemoteImageError>?
        cache.fetchStill(url, for: item) { answer = $0 }
        _ = await pumpUntil(10) { answer != nil }
        return answer
    }

    @Test("a picture is fetched once into the image budget, decodes from the cache's file, and is pinned while held")
    func fetchOnce() async throws {
        try MediaRuntime.initialize()
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let picture = temp.url.appendingPathComponent("photo.jpg")
        try writePicture(picture, width: 320, height: 240, type: "jpeg") { x, y in (UInt8(x % 256), UInt8(y % 256), 90) }
        let server = MediaServer()
        let base = try server.startOnOwnThread()
        defer { server.stop() }
        server.serveFile(picture, at: "/photo.jpg", contentType: "image/jpeg")
        let cache = try MediaCache(directory: temp.url.appendingPathComponent("media"),
                                   budgets: CacheBudgets(videoBytes: 100_000_000, imageBytes: 10_000_000))
        defer { cache.close() }
        let url = base.appendingPathComponent("photo.jpg")
        let item = FeedItem(id: "photo-\(UUID().uuidString)", kind: .image, uri: url.absoluteString)

        let first = try #require(try #require(await still(cache, url, item)).get())
        #expect(first.fromCache)
        #expect(cache.store.usage(kind: .image) == Int64(try Data(contentsOf: picture).count))
        #expect(cache.store.usage(kind: .video) == 0)
        let image = try ImageDecoder.decode(file: first.url, box: PixelSize(width: 160, height: 120), fit: .cover)
        #expect(image.width == 160 && image.height == 120)
        // Held: clearing what is not pinned leaves it.
        cache.setBudgets(CacheBudgets(videoBytes: 100_000_000, imageBytes: 0))
        #expect(FileManager.default.fileExists(atPath: first.url.path), "a held picture is never evicted")
        cache.setBudgets(CacheBudgets(videoBytes: 100_000_000, imageBytes: 10_000_000))
        first.release()

        let requests = server.requests(path: "/photo.jpg").count
        let second = try #require(try #require(await still(cache, url, item)).get())
        second.release()
        #expect(server.requests(path: "/photo.jpg").count == requests, "the second time comes from disk")

        // Bytes that would not decode are dropped; the next fetch asks the network again.
        second.discard()
        #expect(cache.store.status(cache.stillKey(url, for: item)) == .none)
        let third = try #require(try #require(await still(cache, url, item)).get())
        third.release()
        #expect(server.requests(path: "/photo.jpg").count == requests + 1)
    }

    @Test("a poster has its own key next to its video's; a missing picture fails with its status")
    func posterKeysAndFailures() async throws {
        try MediaRuntime.initialize()
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let server = MediaServer()
        let base = try server.startOnOwnThread()
        defer { server.stop() }
        let cache = try MediaCache(directory: temp.url.appendingPathComponent("media"),
                                   budgets: CacheBudgets(videoBytes: 100_000_000, imageBytes: 10_000_000))
        defer { cache.close() }
        let poster = base.appendingPathComponent("missing.jpg")
        let video = FeedItem(id: "v-1", kind: .video, uri: base.appendingPathComponent("v.mp4").absoluteString,
                             poster: poster.absoluteString)
        let origin = try #require(CacheKey.origin(of: base.absoluteString))
        #expect(cache.stillKey(poster, for: video) == CacheKey.scoped(.image, scope: origin, name: "v-1#poster"))
        #expect(cache.stillKey(poster, for: video) != MediaCache.videoKey(for: video))
        let answer = await still(cache, poster, video)
        guard case .failure(let error)? = answer else {
            Issue.record("a 404 poster must fail, got \(String(describing: answer))")
            return
        }
        #expect(error == .httpStatus(404))
    }

    @Test("decoded pictures are kept within their byte budget, least recently used out first")
    func decodedImageBudget() {
        let memo = DecodedImageCache(budgetBytes: 1000)
        let image = { (bytes: Int) in DecodedImage(bytes: Data(count: bytes), width: bytes / 4, height: 1, stride: bytes, format: .rgba8) }
        let key = { (name: String) in DecodedImageCache.Key(source: name, box: PixelSize(width: 10, height: 10), fit: .cover) }
        memo.insert(image(400), for: key("a"))
        memo.insert(image(400), for: key("b"))
        #expect(memo.image(for: key("a")) != nil) // a is now newer than b
        memo.insert(image(400), for: key("c"))
        #expect(memo.bytes <= 1000)
        #expect(memo.image(for: key("b")) == nil, "the least recently used went first")
        #expect(memo.image(for: key("a")) != nil && memo.image(for: key("c")) != nil)
        memo.insert(image(2000), for: key("huge"))
        #expect(memo.image(for: key("huge")) == nil, "larger than the whole budget: not kept")
        #expect(memo.image(for: DecodedImageCache.Key(source: "a", box: PixelSize(width: 20, height: 20), fit: .cover)) == nil,
                "another box is another picture")
        memo.removeAll()
        #expect(memo.count == 0 && memo.bytes == 0)
    }
}
