import FeedCore
import Foundation
import Testing

struct ThroughputMemoryRow: TableRow {
    var name: String
    var now: Double
    var version: Int?
    var entries: [ThroughputMemory.Entry]
    var seeds: [String: Int]
}

@Suite("Link estimates kept between runs are bounded, and forgotten when old or not an origin's")
struct ThroughputMemoryTests {
    @Test("each row's file gives its seeds", arguments: try Table.rows("throughput-memory.json", as: ThroughputMemoryRow.self))
    func seeds(row: ThroughputMemoryRow) {
        var memory = ThroughputMemory(entries: row.entries)
        memory.version = row.version ?? ThroughputMemory.currentVersion
        #expect(memory.seeds(now: row.now) == row.seeds, "\(row.name)")
    }

    @Test("what is kept is what a run believes: at most 64 origins, the most recent")
    func keeping() {
        let entries = (0..<100).map {
            ThroughputMemory.Entry(origin: "https://host\($0).example:443", bitsPerSecond: 1_000_000 + $0, measuredAt: 1_000_000 + Double($0))
        } + [ThroughputMemory.Entry(origin: "nonsense", bitsPerSecond: 5, measuredAt: 1_000_200)]
        let kept = ThroughputMemory.keeping(entries, now: 1_000_200)
        #expect(kept.entries.count == ThroughputMemory.maxOrigins)
        #expect(kept.entries.first?.origin == "https://host99.example:443")
        #expect(kept.entries.allSatisfy { $0.origin != "nonsense" })
        #expect(kept.seeds(now: 1_000_200).count == ThroughputMemory.maxOrigins)
    }

    @Test("a file that is not the format decodes to nothing, never a trap")
    func malformed() throws {
        for text in ["", "[]", "{\"version\": 1}", "{\"version\": 1, \"entries\": [{\"origin\": 5}]}", "{\"version\": 1, \"entries\": [{\"origin\": \"https://a.example:443\", \"bitsPerSecond\": 1e40, \"measuredAt\": 0}]}"] {
            #expect((try? JSONDecoder().decode(ThroughputMemory.self, from: Data(text.utf8))) == nil, "\(text)")
        }
    }
}
