import FeedCore
import Foundation
import Testing
@testable import FeedDemo
@testable import FeedMedia

/// A cache folder on a disk with room for 2 MB: a full disk first makes
/// room, then stops the cache writing; what it holds stays whole.
@Suite("A full disk", .serialized)
struct FullDiskTests {
    typealias S = RangeStoreSupport

    /// Writes `data` for `key` in 64 KiB chunks, as a fetch does; the first error is thrown.
    static func fill(_ store: RangeStore, _ key: CacheKey, _ data: Data) throws {
        store.setMetadata(key, contentLength: Int64(data.count), contentType: "video/mp4", etag: "\"\(key)\"")
        var offset = 0
        while offset < data.count {
            let end = min(data.count, offset + 65_536)
            try store.write(key, offset: Int64(offset), data: data.subdata(in: offset..<end))
            offset = end
        }
    }

    @Test("a full disk makes room by dropping the least recently used entries, then writes")
    func makesRoom() throws {
        let disk = try TinyDisk(bytes: 2 * 1_048_576)
        defer { disk.tearDown() }
        let store = try RangeStore(directory: disk.folder.appendingPathComponent("media"))
        defer { store.close() }
        let (old, new) = (S.video("old"), S.video("new"))
        let oldBytes = S.bytes(1_200_000, seed: 1)
        let newBytes = S.bytes(1_200_000, seed: 2)
        try Self.fill(store, old, oldBytes)
        try Self.fill(store, new, newBytes)
        #expect(store.info(old) == nil, "the older entry made room")
        #expect(try store.read(new, offset: 0, length: newBytes.count) == newBytes)
        #expect(store.writeProblem == nil, "room was made: writing goes on")
    }

    @Test("with nothing left to drop the cache stops writing, says why, and keeps what it holds whole")
    func stopsWriting() throws {
        let disk = try TinyDisk(bytes: 2 * 1_048_576)
        defer { disk.tearDown() }
        let store = try RangeStore(directory: disk.folder.appendingPathComponent("media"))
        defer { store.close() }
        let (held, next) = (S.video("held"), S.video("next"))
        let heldBytes = S.bytes(1_200_000, seed: 3)
        try Self.fill(store, held, heldBytes)
        store.pin(held) // the current post's: never dropped
        var failure: CacheStoreError?
        do {
            try Self.fill(store, next, S.bytes(1_500_000, seed: 4))
        } catch let error as CacheStoreError {
            failure = error
        }
        #expect(failure != nil, "the disk ran out")
        let problem = try #require(store.writeProblem)
        #expect(disk.mounted ? problem.isDiskFull : true, "\(problem)")
        #expect(MediaCache.userText(problem).hasPrefix(disk.mounted ? "The media cache is full" : "The media cache"))
        // Later writes are refused at once, and nothing held changed.
        #expect(throws: CacheStoreError.unwritable(problem.description)) {
            try store.write(S.video("later"), offset: 0, data: Data(count: 10))
        }
        #expect(try store.read(held, offset: 0, length: heldBytes.count) == heldBytes)
        #expect(store.verify(held))
        store.unpin(held)
    }
}
