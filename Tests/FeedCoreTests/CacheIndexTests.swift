import Foundation
import Testing
import FeedCore

/// One row of `cache-index.json`: operations on an empty index, then what
/// it should evict with the given keys pinned and what it should report.
struct CacheIndexRow: TableRow {
    var name: String
    var budget: Int
    var operations: [Operation]
    var pinned: [CacheKey]
    var expectedEvictions: [CacheKey]
    var expectedStatus: [CacheKey: CacheStatus]?
    var expectedTotal: Int?

    /// Exactly one of `record` (with `bytes`, `at` and maybe `total`),
    /// `touch` (with `at`) or `remove`.
    struct Operation: Codable, Sendable {
        var record: CacheKey?
        var touch: CacheKey?
        var remove: CacheKey?
        var bytes: Int?
        var total: Int?
        var at: Double?
    }

    func index() throws -> CacheIndex {
        var index = CacheIndex(budget: budget)
        for (position, operation) in operations.enumerated() {
            let step = "\(name): operation \(position + 1)"
            try #require([operation.record, operation.touch, operation.remove].compactMap { $0 }.count == 1,
                         "\(step) needs exactly one of record, touch, remove")
            if let key = operation.record {
                index.record(key, bytesHeld: try #require(operation.bytes, "\(step) needs bytes"),
                             totalBytes: operation.total, at: try #require(operation.at, "\(step) needs at"))
            } else if let key = operation.touch {
                try #require(operation.bytes == nil && operation.total == nil, "\(step): touch takes only at")
                index.touch(key, at: try #require(operation.at, "\(step) needs at"))
            } else if let key = operation.remove {
                try #require(operation.bytes == nil && operation.total == nil && operation.at == nil, "\(step): remove takes nothing else")
                index.remove(key)
            }
        }
        return index
    }
}

/// One row of `byte-ranges.json`: ranges added in order (half-open
/// `[start, end]` pairs), the merged set expected, and queries on it.
struct ByteRangeRow: TableRow {
    var name: String
    var add: [Range<Int>]
    var expectedRanges: [Range<Int>]
    var expectedTotal: Int
    /// `[offset, bytes]`: contiguous bytes held from an offset.
    var available: [[Int]]?
    /// `[offset, start]` or `[offset, null]`: the next held start at or after an offset.
    var nextStart: [[Int?]]?
    var gaps: [GapQuery]?

    struct GapQuery: Codable, Sendable {
        var within: Range<Int>
        var expected: [Range<Int>]
    }
}

@Suite("Cache index")
struct CacheIndexTests {
    @Test("The index evicts and reports what its row expects", arguments: try Table.rows("cache-index.json", as: CacheIndexRow.self))
    func indexEvictsWhatRowExpects(row: CacheIndexRow) throws {
        let index = try row.index()
        #expect(index.evictions(pinned: Set(row.pinned)) == row.expectedEvictions, "\(row.name)")
        for (key, status) in row.expectedStatus ?? [:] {
            #expect(index.status(of: key) == status, "\(row.name): status of \(key)")
        }
        if let total = row.expectedTotal {
            #expect(index.totalBytes == total, "\(row.name)")
        }
    }

    @Test("Evicting what the index returns never touches a pinned key and ends within budget when it can", arguments: try Table.rows("cache-index.json", as: CacheIndexRow.self))
    func evictionRespectsPins(row: CacheIndexRow) throws {
        var index = try row.index()
        let pinned = Set(row.pinned)
        let evicted = index.evictions(pinned: pinned)
        #expect(pinned.isDisjoint(with: evicted), "\(row.name)")
        for key in evicted { index.remove(key) }
        let unpinnedLeft = index.entries.keys.contains { !pinned.contains($0) }
        #expect(index.totalBytes <= index.budget || !unpinnedLeft, "\(row.name)")
        #expect(index.evictions(pinned: pinned).isEmpty, "\(row.name): evicting twice")
    }

    @Test("Byte ranges merge and answer queries as the row expects", arguments: try Table.rows("byte-ranges.json", as: ByteRangeRow.self))
    func byteRangesAnswerQueries(row: ByteRangeRow) throws {
        var set = ByteRangeSet()
        for range in row.add { set.insert(range) }
        #expect(set.ranges == row.expectedRanges, "\(row.name)")
        #expect(set.totalBytes == row.expectedTotal, "\(row.name)")
        #expect(ByteRangeSet(row.add) == set, "\(row.name): building at once differs")
        for query in row.available ?? [] {
            try #require(query.count == 2, "\(row.name): available entries are [offset, bytes]")
            #expect(set.contiguousBytes(from: query[0]) == query[1], "\(row.name): available from \(query[0])")
        }
        for query in row.nextStart ?? [] {
            try #require(query.count == 2, "\(row.name): nextStart entries are [offset, start or null]")
            let offset = try #require(query[0], "\(row.name): nextStart offset is null")
            #expect(set.nextCachedStart(atOrAfter: offset) == query[1], "\(row.name): next start from \(offset)")
        }
        for query in row.gaps ?? [] {
            let gaps = set.gaps(in: query.within)
            #expect(gaps == query.expected, "\(row.name): gaps in \(query.within)")
            #expect(set.contains(query.within) == gaps.isEmpty, "\(row.name): contains \(query.within)")
            var filled = set
            for gap in gaps { filled.insert(gap) }
            #expect(filled.contains(query.within), "\(row.name): filling the gaps covers \(query.within)")
        }
    }

    @Test("A cache key reads and writes as kind:source")
    func cacheKeyTextRoundTrips() throws {
        let key = CacheKey(kind: .video, source: "https://example.org/a.mp4?t=1:2")
        #expect(key.description == "video:https://example.org/a.mp4?t=1:2")
        #expect(CacheKey(key.description) == key)
        #expect(CacheKey("sound:x") == nil)
        #expect(CacheKey("no colon") == nil)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([CacheKey].self, from: Data(#"["bogus"]"#.utf8)) }
    }

    @Test("An index survives a JSON round trip, keyed by cache key text")
    func indexRoundTripsThroughJSON() throws {
        var index = CacheIndex(budget: 1000)
        index.record(CacheKey(kind: .image, source: "p.jpg"), bytesHeld: 10, totalBytes: 10, at: 1)
        index.record(CacheKey(kind: .video, source: "a.mp4"), bytesHeld: 20, at: 2)
        let data = try JSONEncoder().encode(index)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let entries = try #require(object["entries"] as? [String: Any])
        #expect(Set(entries.keys) == ["image:p.jpg", "video:a.mp4"])
        #expect(try JSONDecoder().decode(CacheIndex.self, from: data) == index)
    }

    @Test("A range set decoded from overlapping ranges is merged")
    func decodedRangeSetIsMerged() throws {
        let set = try JSONDecoder().decode(ByteRangeSet.self, from: Data(#"{"ranges": [[50, 150], [0, 100]]}"#.utf8))
        #expect(set.ranges == [0..<150])
        #expect(try JSONDecoder().decode(ByteRangeSet.self, from: JSONEncoder().encode(set)) == set)
    }
}
