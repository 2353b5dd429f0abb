import FeedCore
import Foundation
import Testing
@testable import FeedMedia
@testable import FeedDemo

/// Bytes on disk that changed, and files that changed at the origin: the
/// cache never hands over a byte that is not the origin's.
@MainActor
@Suite("Cache integrity", .serialized)
struct CacheIntegrityTests {
    /// The data file of `key` in `store`'s folder.
    static func dataFile(_ store: RangeStore, _ key: CacheKey) throws -> URL {
        let prefix = CacheFileName.hash(of: key)
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: store.directory.path)
            .first { $0.hasPrefix(prefix) && $0.hasSuffix(CacheFileName.dataSuffix) })
        return store.directory.appendingPathComponent(name)
    }

    /// Replaces `count` bytes at `offset` of `file` with `transform` of them.
    static func damage(_ file: URL, offset: Int, count: Int, _ transform: (UInt8) -> UInt8) throws {
        let handle = try FileHandle(forUpdating: file)
        try handle.seek(toOffset: UInt64(offset))
        let old = try #require(try handle.read(upToCount: count))
        try handle.seek(toOffset: UInt64(offset))
        try handle.write(contentsOf: Data(old.map(transform)))
        try handle.close()
    }

    @Test("flipped or zeroed bytes anywhere in a cached file are caught on read, and only the blocks they touch fail",
          arguments: [(100_000, 65_536, false), (1_300_000, 262_144, true), (2_999_990, 10, false)])
    func damagedBytesAreCaught(_ damage: (offset: Int, count: Int, zero: Bool)) throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let store = try RangeStore(directory: temp.url)
        defer { store.close() }
        let key = RangeStoreSupport.video("integrity")
        let origin = RangeStoreSupport.bytes(3_000_000, seed: 3)
        store.setMetadata(key, contentLength: Int64(origin.count), contentType: "video/mp4", etag: "\"1\"")
        // Written in chunks of odd sizes, as a network delivers them.
        var offset = 0
        var random = TestGenerator(state: 5)
        while offset < origin.count {
            let end = min(origin.count, offset + Int.random(in: 1...70_000, using: &random))
            try store.write(key, offset: Int64(offset), data: origin.subdata(in: offset..<end))
            offset = end
        }
        #expect(try store.read(key, offset: 0, length: origin.count) == origin)

        try Self.damage(try Self.dataFile(store, key), offset: damage.offset, count: damage.count) { damage.zero ? 0 : ~$0 }
        #expect(throws: CacheStoreError.self, "the damaged bytes are never returned") {
            try store.read(key, offset: Int64(damage.offset), length: 1)
        }
        #expect(throws: CacheStoreError.self) { try store.read(key, offset: 0, length: origin.count) }
        // A block the damage does not touch still reads, and is the origin's.
        let safe = damage.offset > 1_000_000 ? 0 : 2_000_000
        #expect(try store.read(key, offset: Int64(safe), length: 50_000) == origin.subdata(in: safe..<(safe + 50_000)))
        #expect(store.verify(key) == false, "a full check finds it and drops the entry")
        #expect(store.info(key) == nil)
    }

    @Test("a file replaced at the origin by one of the same length, new Last-Modified and no ETag, is dropped and fetched whole; the bytes are the new file's (SHA-256)")
    func sameLengthChange() async throws {
        let served = try ServedFile(size: 1_500_000)
        defer { served.tearDown() }
        served.server.setFault(.noETag, for: ServedFile.path)
        let store = try TestStore()
        defer { store.remove() }
        let fetcher = RangeFetcher()
        let key = CacheKey(kind: .video, source: "same-length")

        let first = try await FetchPump.fetch(fetcher, served.url, range: 0..<700_000, into: store.store, key: key)
        #expect(first.end == .finished)
        #expect(store.store.info(key)?.etag == nil)
        #expect(store.store.info(key)?.lastModified != nil)

        // The origin changes: same length, other bytes, a later Last-Modified.
        let newer = Data(served.data.reversed())
        try newer.write(to: served.file)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(60)], ofItemAtPath: served.file.path)

        let rest = try await FetchPump.fetch(fetcher, served.url, range: 700_000..<1_500_000, into: store.store, key: key)
        #expect(rest.end == .finished)
        #expect(rest.staleDropped, "the old version's bytes were dropped")
        #expect(served.server.requests(path: ServedFile.path).count == 2)
        // If-Range carried the old Last-Modified: the new file came back
        // whole, and every byte held is the new file's.
        #expect(served.server.requests(path: ServedFile.path).last == "bytes=700000-1499999")
        let bytes = try #require(try store.store.read(key, offset: 0, length: 1_500_000))
        #expect(ServedBytes.sha256(bytes) == ServedBytes.sha256(newer))
        #expect(fetcher.rangelessOrigins.isEmpty)
    }

    @Test("the rest of a file is asked for with If-Range: the strong ETag, else Last-Modified, never a weak ETag")
    func ifRange() {
        let held = ByteRangeSet([0..<100])
        func info(etag: String?, lastModified: String?, ranges: ByteRangeSet = held) -> CacheEntryInfo {
            CacheEntryInfo(key: CacheKey(kind: .video, source: "x"), contentLength: 1_000, contentType: nil, etag: etag,
                           lastModified: lastModified, ranges: ranges, status: .partial, bytesOnDisk: 100)
        }
        let date = "Tue, 01 Dec 2026 08:00:00 GMT"
        #expect(RangeFetch.ifRangeValidator(info(etag: "\"a\"", lastModified: date)) == "\"a\"")
        #expect(RangeFetch.ifRangeValidator(info(etag: "W/\"a\"", lastModified: date)) == date)
        #expect(RangeFetch.ifRangeValidator(info(etag: nil, lastModified: nil)) == nil)
        #expect(RangeFetch.ifRangeValidator(info(etag: "\"a\"", lastModified: nil, ranges: ByteRangeSet())) == nil)
        #expect(RangeFetch.ifRangeValidator(nil) == nil)
    }

    @Test("an index whose checksums are missing or whose ranges are out of bounds drops those entries at open")
    func hostileIndex() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let key = RangeStoreSupport.video("kept")
        do {
            let store = try RangeStore(directory: temp.url)
            try store.write(key, offset: 0, data: RangeStoreSupport.bytes(200_000, seed: 1))
            store.close()
        }
        let indexURL = temp.url.appendingPathComponent(CacheFileName.index)
        var index = try JSONDecoder().decode(RangeStoreIndexFile.self, from: Data(contentsOf: indexURL))
        var broken = index.entries[0]
        broken.key = RangeStoreSupport.video("no-sums")
        broken.sums = nil
        var negative = index.entries[0]
        negative.key = RangeStoreSupport.video("negative")
        negative.ranges = ByteRangeSet([-50..<10])
        index.entries += [broken, negative]
        try index.encoded().write(to: indexURL)

        let store = try RangeStore(directory: temp.url)
        defer { store.close() }
        #expect(store.keys == [key])
        #expect(try store.read(key, offset: 0, length: 200_000) == RangeStoreSupport.bytes(200_000, seed: 1))
    }

    @Test("a reader's checked span serves only bytes that were held when it was read, never a hole filled since")
    func verifiedSpanKeepsToWhatWasHeld() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let store = try RangeStore(directory: temp.url)
        defer { store.close() }
        let key = RangeStoreSupport.video("span")
        let origin = RangeStoreSupport.bytes(60_000, seed: 9)
        try store.write(key, offset: 0, data: origin.subdata(in: 0..<10_000))
        try store.write(key, offset: 20_000, data: origin.subdata(in: 20_000..<30_000))
        var span: RangeStore.VerifiedSpan?
        #expect(try store.read(key, offset: 0, length: 100, reusing: &span) == origin.subdata(in: 0..<100))
        #expect(span != nil)
        try store.write(key, offset: 10_000, data: origin.subdata(in: 10_000..<20_000))
        #expect(try store.read(key, offset: 12_000, length: 5_000, reusing: &span) == origin.subdata(in: 12_000..<17_000),
                "the hole read as zeros before is the origin's bytes now")
        #expect(try store.read(key, offset: 25_000, length: 100, reusing: &span) == origin.subdata(in: 25_000..<25_100))
    }
}
