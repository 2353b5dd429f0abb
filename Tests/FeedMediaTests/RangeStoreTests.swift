import FeedCore
import FeedGObject
import Foundation
import Testing
@testable import FeedDemo
@testable import FeedMedia

@Suite("The range store's bytes, ranges and metadata")
struct RangeStoreTests {
    typealias S = RangeStoreSupport

    @Test("bytes written at random offsets read back exactly, and only where held, also after reopening")
    func roundTrips() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let key = S.video("round-trip")
        let origin = S.bytes(300_000, seed: 7)
        var random = TestGenerator(state: 11)
        var held = ByteRangeSet()
        var store: RangeStore? = try RangeStore(directory: temp.url)
        for _ in 0..<60 {
            let offset = Int.random(in: 0..<origin.count, using: &random)
            let end = min(origin.count, offset + Int.random(in: 1...20_000, using: &random))
            try store!.write(key, offset: Int64(offset), data: origin.subdata(in: offset..<end))
            held.insert(offset..<end)
        }
        #expect(store!.info(key)?.ranges == held)

        func check(_ store: RangeStore) throws {
            var random = TestGenerator(state: 13)
            for _ in 0..<300 {
                let offset = Int.random(in: 0..<origin.count, using: &random)
                let length = Int.random(in: 0...5_000, using: &random)
                let end = min(origin.count, offset + length)
                let read = try store.read(key, offset: Int64(offset), length: end - offset)
                if held.contains(offset..<end) {
                    #expect(read == origin.subdata(in: offset..<end), "at \(offset)..<\(end)")
                } else {
                    #expect(read == nil, "at \(offset)..<\(end) is not all held")
                }
            }
        }
        try check(store!)
        store!.close()
        store = nil
        let reopened = try RangeStore(directory: temp.url)
        defer { reopened.close() }
        #expect(reopened.info(key)?.ranges == held)
        try check(reopened)
    }

    @Test("touching ranges merge; gaps and available bytes follow the holes")
    func rangesAndGaps() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let store = try RangeStore(directory: temp.url)
        defer { store.close() }
        let key = S.video("ranges")
        #expect(store.gaps(key, in: 0..<500) == [0..<500])
        #expect(store.available(key, from: 0) == 0)
        try store.write(key, offset: 0, data: Data(count: 100))
        try store.write(key, offset: 200, data: Data(count: 100))
        #expect(store.info(key)?.ranges == ByteRangeSet([0..<100, 200..<300]))
        #expect(store.gaps(key, in: 50..<400) == [100..<200, 300..<400])
        try store.write(key, offset: 100, data: Data(count: 100))
        #expect(store.info(key)?.ranges == ByteRangeSet([0..<300]))
        #expect(store.info(key)?.ranges.ranges.count == 1)
        #expect(store.gaps(key, in: 0..<500) == [300..<500])
        #expect(store.gaps(key, in: 10..<290) == [])
        #expect(store.available(key, from: 50) == 250)
        #expect(store.available(key, from: 300) == 0)
        #expect(store.usage(kind: .video) == 300)
        #expect(store.status(key) == .partial)
        #expect(store.info(key)?.bytesOnDisk == 300)

        #expect(try store.read(key, offset: 0, length: 200) != nil)
        #expect(try store.read(key, offset: 250, length: 100) == nil)
        #expect(try store.read(S.video("never"), offset: 0, length: 70) == nil)
        #expect(store.counters.hitBytes == 200)
        #expect(store.counters.missBytes == 50 + 70, "a miss counts the bytes not held")
        #expect(store.counters.writtenBytes == 300)
    }

    @Test("a known length completes the entry, cuts writes and reads at the end, and bounds the gaps")
    func knownLength() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let store = try RangeStore(directory: temp.url)
        defer { store.close() }
        let key = S.image("length")
        let origin = S.bytes(1_000, seed: 3)
        #expect(store.setMetadata(key, contentLength: 1_000, contentType: "image/jpeg", etag: "\"a\"") == false)
        #expect(store.status(key) == .none)
        try store.write(key, offset: 900, data: origin.subdata(in: 900..<1_000) + Data(count: 100))
        #expect(store.info(key)?.ranges == ByteRangeSet([900..<1_000]))
        #expect(store.gaps(key, in: 0..<5_000) == [0..<900])
        #expect(try store.read(key, offset: 900, length: 500) == origin.subdata(in: 900..<1_000))
        #expect(try store.read(key, offset: 1_000, length: 10) == Data())
        try store.write(key, offset: 0, data: origin.subdata(in: 0..<900))
        #expect(store.status(key) == .complete)
        let info = try #require(store.info(key))
        #expect(info.contentLength == 1_000 && info.contentType == "image/jpeg" && info.etag == "\"a\"")
        #expect(info.status == .complete)
    }

    @Test("a changed ETag or length drops the stale bytes; the same or an unknown one keeps them")
    func staleMetadata() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let store = try RangeStore(directory: temp.url)
        defer { store.close() }
        let key = S.video("stale")
        store.setMetadata(key, contentLength: 10_000, contentType: "video/mp4", etag: "\"1\"")
        try store.write(key, offset: 0, data: Data(repeating: 1, count: 4_000))
        let before = S.dataFiles(in: temp.url)
        #expect(before.count == 1)

        #expect(store.setMetadata(key, contentLength: 10_000, contentType: "video/mp4", etag: "\"1\"") == false)
        #expect(store.setMetadata(key, contentLength: nil, contentType: nil, etag: nil) == false)
        #expect(store.available(key, from: 0) == 4_000)

        #expect(store.setMetadata(key, contentLength: 10_000, contentType: "video/mp4", etag: "\"2\"") == true)
        #expect(store.available(key, from: 0) == 0)
        #expect(store.info(key)?.etag == "\"2\"")
        #expect(store.status(key) == .none)
        store.flush() // deletions run on the store's disk queue
        #expect(!S.dataFiles(in: temp.url).contains(before[0]), "the stale file is deleted")

        try store.write(key, offset: 0, data: Data(repeating: 2, count: 4_000))
        #expect(store.setMetadata(key, contentLength: 12_000, contentType: nil, etag: nil) == true)
        #expect(store.available(key, from: 0) == 0)
        #expect(store.info(key)?.contentLength == 12_000)
        #expect(store.info(key)?.etag == nil, "a new length starts a new entry")

        // Bytes past a length that becomes known cannot be that resource's.
        let other = S.video("grown")
        try store.write(other, offset: 0, data: Data(count: 500))
        #expect(store.setMetadata(other, contentLength: 400, contentType: nil, etag: nil) == true)
        #expect(store.status(other) == .none)
    }

    @Test("a post played before stays marked after reopening; a key held nowhere is never marked")
    func playedSurvivesReopening() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let key = S.video("seen")
        do {
            let store = try RangeStore(directory: temp.url)
            defer { store.close() }
            try store.write(key, offset: 0, data: Data(count: 2_000))
            try store.write(S.video("unseen"), offset: 0, data: Data(count: 2_000))
            #expect(!store.wasPlayed(key))
            store.markPlayed(key)
            store.markPlayed(S.video("nowhere"))
            #expect(store.wasPlayed(key))
            #expect(!store.wasPlayed(S.video("nowhere")) && store.info(S.video("nowhere")) == nil)
        }
        let reopened = try RangeStore(directory: temp.url)
        defer { reopened.close() }
        #expect(reopened.wasPlayed(key))
        #expect(!reopened.wasPlayed(S.video("unseen")))
        reopened.remove(key)
        try reopened.write(key, offset: 0, data: Data(count: 100))
        #expect(!reopened.wasPlayed(key), "stored anew, it has not been played")
    }

    @Test("remove and clear delete bytes and entries; clear can keep the other kind")
    func removeAndClear() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let store = try RangeStore(directory: temp.url)
        defer { store.close() }
        for name in ["a", "b"] {
            try store.write(S.video(name), offset: 0, data: Data(count: 1_000))
            try store.write(S.image(name), offset: 0, data: Data(count: 500))
        }
        #expect(S.dataFiles(in: temp.url).count == 4)
        store.remove(S.video("a"))
        #expect(store.info(S.video("a")) == nil)
        #expect(try store.read(S.video("a"), offset: 0, length: 10) == nil)
        store.flush() // deletions run on the store's disk queue
        #expect(S.dataFiles(in: temp.url).count == 3)
        store.clear(kind: .image)
        #expect(store.keys == [S.video("b")])
        #expect(store.usage(kind: .image) == 0 && store.usage(kind: .video) == 1_000)
        store.clear()
        #expect(store.keys.isEmpty)
        store.flush()
        #expect(S.dataFiles(in: temp.url).isEmpty)
    }

    @Test("claimed bytes whose file was cut short read as corrupt, not as wrong bytes")
    func corruptRead() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let store = try RangeStore(directory: temp.url)
        defer { store.close() }
        let key = S.video("cut")
        try store.write(key, offset: 0, data: Data(count: 8_000))
        let file = temp.url.appendingPathComponent(try #require(S.dataFiles(in: temp.url).first))
        #expect(truncate(file.path, 1_000) == 0)
        #expect(throws: CacheStoreError.self) { try store.read(key, offset: 0, length: 8_000) }
        store.remove(key)
        #expect(store.status(key) == .none)
    }

    @Test("many threads writing and reading at once never see a byte that was not written")
    func concurrentUse() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let store = try RangeStore(directory: temp.url, budgets: CacheBudgets(videoBytes: 600_000, imageBytes: 100_000))
        defer { store.close() }
        let origins = (0..<6).map { S.bytes(200_000, seed: UInt64($0)) }
        let keys = (0..<6).map { S.video("shared-\($0)") }
        let mismatches = AtomicCounter()
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            var random = TestGenerator(state: UInt64(worker) + 100)
            for step in 0..<300 {
                let index = Int.random(in: 0..<keys.count, using: &random)
                let offset = Int.random(in: 0..<200_000, using: &random)
                let end = min(200_000, offset + Int.random(in: 1...16_384, using: &random))
                if step % 3 == 0 {
                    let length = end - offset
                    if let read = try? store.read(keys[index], offset: Int64(offset), length: length),
                       read != origins[index].subdata(in: offset..<end) {
                        mismatches.add(1)
                    }
                } else if step % 50 == 1 {
                    store.pin(keys[index])
                    store.unpin(keys[index])
                } else {
                    try? store.write(keys[index], offset: Int64(offset), data: origins[index].subdata(in: offset..<end))
                }
            }
        }
        #expect(mismatches.load() == 0)
        #expect(store.usage(kind: .video) <= 600_000)
        for (index, key) in keys.enumerated() {
            for range in store.info(key)?.ranges.ranges ?? [] {
                #expect(try store.read(key, offset: Int64(range.lowerBound), length: range.count)
                        == origins[index].subdata(in: range))
            }
        }
    }
}
