import FeedCore
import Foundation
import Testing
@testable import FeedDemo
@testable import FeedMedia

@Suite("The range store's budgets and pins")
struct RangeStoreBudgetTests {
    typealias S = RangeStoreSupport

    @Test("going over budget evicts least recently used first, down to 90%, and never a pinned key")
    func lruEviction() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let store = try RangeStore(directory: temp.url, budgets: CacheBudgets(videoBytes: 1_000_000, imageBytes: 1_000_000))
        defer { store.close() }
        let chunk = Data(count: 200_000)
        for name in ["a", "b", "c", "d"] { try store.write(S.video(name), offset: 0, data: chunk) }
        try store.write(S.image("poster"), offset: 0, data: Data(count: 900_000))
        #expect(try store.read(S.video("a"), offset: 0, length: 10) != nil) // a is now the newest of a–d
        store.pin(S.video("b"))
        store.pin(S.video("b"))
        store.unpin(S.video("b")) // still pinned once
        try store.write(S.video("e"), offset: 0, data: chunk) // 1.0 MB: at budget, nothing goes
        #expect(store.keys.count == 6)
        try store.write(S.video("f"), offset: 0, data: chunk) // 1.2 MB: evict c, then d → 800 KB
        #expect(store.keys.filter { $0.kind == .video } == ["a", "b", "e", "f"].map(S.video))
        #expect(store.usage(kind: .video) == 800_000)
        #expect(store.counters.evictedBytes == 400_000)
        #expect(store.counters.writtenBytes == 2_100_000)
        #expect(store.status(S.image("poster")) == .partial, "images have their own budget")
        store.flush() // deletions run on the store's disk queue
        #expect(S.dataFiles(in: temp.url).count == 5)

        // Once unpinned, b is the oldest and goes first when the budget is exceeded again.
        store.unpin(S.video("b"))
        try store.write(S.video("g"), offset: 0, data: chunk)
        try store.write(S.video("h"), offset: 0, data: chunk)
        #expect(!store.keys.contains(S.video("b")))
        #expect(store.keys.contains(S.video("h")))
        #expect(store.usage(kind: .video) <= 900_000)
    }

    @Test("lowering a budget evicts at once to 90% of it, keeping pinned keys and the other kind")
    func loweringBudget() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let store = try RangeStore(directory: temp.url)
        defer { store.close() }
        for index in 0..<10 { try store.write(S.video("v\(index)"), offset: 0, data: Data(count: 100_000)) }
        try store.write(S.image("i"), offset: 0, data: Data(count: 100_000))
        store.pin(S.video("v0"))
        store.setBudgets(CacheBudgets(videoBytes: 500_000, imageBytes: 200_000_000))
        #expect(store.budgets == CacheBudgets(videoBytes: 500_000, imageBytes: 200_000_000))
        #expect(store.usage(kind: .video) <= 450_000)
        #expect(store.keys.contains(S.video("v0")), "pinned, though the oldest")
        #expect(store.keys.contains(S.video("v9")), "the newest stays")
        #expect(!store.keys.contains(S.video("v1")))
        #expect(store.usage(kind: .image) == 100_000)
        store.flush() // deletions run on the store's disk queue
        #expect(S.dataFiles(in: temp.url).count == store.keys.count)
        store.unpin(S.video("v0"))
    }

    @Test("filling past the budget keeps du of the folder within budget plus one chunk")
    func diskUsage() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let budget: Int64 = 2_000_000
        let chunk = 65_536
        let store = try RangeStore(directory: temp.url, budgets: CacheBudgets(videoBytes: budget, imageBytes: 500_000))
        defer { store.close() }
        let data = S.bytes(chunk, seed: 5)
        var peak: Int64 = 0
        for item in 0..<16 {
            let key = S.video("fill-\(item)")
            store.pin(key) // as a fetch does while it writes
            for index in 0..<4 {
                try store.write(key, offset: Int64(index * chunk), data: data)
                peak = max(peak, S.allocatedBytes(in: temp.url) { $0.hasSuffix(".data") })
            }
            store.unpin(key)
            #expect(store.usage(kind: .video) <= budget)
        }
        store.flush()
        #expect(peak <= budget + Int64(chunk), "peak \(peak)")
        let total = S.allocatedBytes(in: temp.url)
        #expect(total <= budget + Int64(chunk), "du \(total)")
        #expect(store.keys.count < 16)
    }
}
