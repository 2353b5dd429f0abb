import FeedCore
import Testing

struct ContentRangeRow: TableRow {
    var name: String
    var text: String
    var first: Int64?
    var last: Int64?
    var total: Int64?
    var invalid: Bool?
}

struct ResponseRangeRow: TableRow {
    var name: String
    var status: Int
    /// [start, end) asked for; nil: the whole file.
    var requested: [Int64]?
    var contentRange: String?
    var contentLength: Int64?
    /// "body", "pastEnd" or "failed".
    var decision: String
    var bodyStart: Int64?
    var keepFrom: Int64?
    var keepUntil: Int64?
    var total: Int64?
    var rangeIgnored: Bool?

    var expected: ResponseRange? {
        switch decision {
        case "body":
            guard let bodyStart, let keepFrom, let rangeIgnored else { return nil }
            return .body(bodyStart: bodyStart, keepFrom: keepFrom, keepUntil: keepUntil, total: total, rangeIgnored: rangeIgnored)
        case "pastEnd": return .pastEnd(total: total)
        case "failed": return .failed(status: status)
        default: return nil
        }
    }
}

struct CacheReadPlanRow: TableRow {
    var name: String
    var gapStart: Int64
    var readEnd: Int64
    var contentLength: Int64?
    var nextCachedStart: Int64?
    var rangeIgnored: Bool?
    /// The reader's read-ahead; nil: the base 512 KiB.
    var readAhead: Int64?
    /// [start, end) to fetch; nil: nothing.
    var fetch: [Int64]?
}

struct CacheTopUpRow: TableRow {
    var name: String
    /// How long the post has been watched; nil: 5 s.
    var watchedSeconds: Double?
    var offset: Int64
    var onDisk: Int64
    var contentLength: Int64?
    var nextCachedStart: Int64?
    var rangeIgnored: Bool?
    /// [start, end) to fetch; nil: nothing.
    var fetch: [Int64]?
}

struct CacheReaderRow: TableRow {
    var name: String
    var isCurrent: Bool
    var state: PlaybackState
    var startedBefore: Bool?
    var reader: CacheReader
    var miss: CacheReader.MissAction
    /// Bytes a miss fetches ahead; nil: not checked by the row.
    var readAhead: Int64?
    /// Whether a served read fetches ahead of itself; nil: not checked.
    var keepsAhead: Bool?
}

struct ByteRangeDecisionTests {
    @Test("Content-Range texts read as their rows say", arguments: try Table.rows("content-range.json", as: ContentRangeRow.self))
    func contentRange(row: ContentRangeRow) {
        let parsed = ContentRange(row.text)
        if row.invalid == true {
            #expect(parsed == nil, "\(row.name)")
        } else {
            #expect(parsed == ContentRange(first: row.first, last: row.last, total: row.total), "\(row.name)")
        }
    }

    @Test("A response's status and headers place its body as the row says", arguments: try Table.rows("response-range.json", as: ResponseRangeRow.self))
    func responseRange(row: ResponseRangeRow) throws {
        let expected = try #require(row.expected, "\(row.name): the row names a whole decision")
        let requested = row.requested.map { $0[0]..<$0[1] }
        let decided = ResponseRange.decide(status: row.status, requested: requested, contentRange: row.contentRange,
                                           contentLength: row.contentLength)
        #expect(decided == expected, "\(row.name)")
    }

    @Test("A cache miss fetches the range its row says", arguments: try Table.rows("cache-read-plan.json", as: CacheReadPlanRow.self))
    func cacheReadPlan(row: CacheReadPlanRow) {
        let range = CacheReadPlan.fetchRange(gapStart: row.gapStart, readEnd: row.readEnd, contentLength: row.contentLength,
                                             nextCachedStart: row.nextCachedStart, rangeIgnored: row.rangeIgnored ?? false,
                                             readAhead: row.readAhead ?? CacheReadPlan.readAheadBytes)
        #expect(range == row.fetch.map { $0[0]..<$0[1] }, "\(row.name)")
    }

    @Test("A read the disk served by the watched post's player fetches ahead as its row says",
          arguments: try Table.rows("cache-top-up.json", as: CacheTopUpRow.self))
    func cacheTopUp(row: CacheTopUpRow) {
        let readAhead = CacheReader.watching.readAheadBytes
        let start = CacheReadPlan.topUpStart(offset: row.offset, onDisk: row.onDisk, contentLength: row.contentLength,
                                             readAhead: readAhead, watchedSeconds: row.watchedSeconds ?? 5)
        let range = start.flatMap {
            CacheReadPlan.fetchRange(gapStart: $0, readEnd: $0, contentLength: row.contentLength,
                                     nextCachedStart: row.nextCachedStart, rangeIgnored: row.rangeIgnored ?? false,
                                     readAhead: readAhead)
        }
        #expect(range == row.fetch.map { $0[0]..<$0[1] }, "\(row.name)")
    }

    @Test("A read the disk misses fetches or waits as its reader's row says",
          arguments: try Table.rows("cache-reader.json", as: CacheReaderRow.self))
    func cacheReader(row: CacheReaderRow) {
        let reader = CacheReader.of(isCurrent: row.isCurrent, state: row.state, startedBefore: row.startedBefore ?? false)
        #expect(reader == row.reader, "\(row.name)")
        #expect(reader.missAction == row.miss, "\(row.name)")
        if let readAhead = row.readAhead { #expect(reader.readAheadBytes == readAhead, "\(row.name)") }
        if let keepsAhead = row.keepsAhead { #expect(reader.keepsBytesAhead == keepsAhead, "\(row.name)") }
    }

    @Test("A fetch under way is waited for only when it brings the bytes soon")
    func inFlight() {
        let ahead = CacheReadPlan.readAheadBytes
        #expect(CacheReadPlan.inFlightWillServe(position: 0, end: 2 * ahead, gapStart: ahead - 1))
        #expect(!CacheReadPlan.inFlightWillServe(position: 0, end: 2 * ahead, gapStart: ahead), "too far ahead of it")
        #expect(!CacheReadPlan.inFlightWillServe(position: 100, end: 2 * ahead, gapStart: 99), "already behind it")
        #expect(!CacheReadPlan.inFlightWillServe(position: 0, end: 100, gapStart: 100), "past where it stops")
    }
}
