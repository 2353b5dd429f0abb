import Testing
import FeedCore

/// One row of `percentiles.json`: samples, the window, and p50/p90/p99
/// expected (`expected` null when there is no summary).
struct PercentileRow: TableRow {
    var name: String
    var samples: [Double]
    var window: Int?
    var expected: Nullable<Expected>

    struct Expected: Codable, Sendable, Equatable {
        var p50: Double
        var p90: Double
        var p99: Double
        var count: Int
    }
}

/// One row of `byte-accounting.json`: fetch, play and leave-plan events and
/// the totals expected after them.
struct ByteAccountingRow: TableRow {
    var name: String
    var events: [Event]
    var expectedActive: Int
    var expectedSpeculative: Int
    var expectedWasted: Int

    /// Exactly one of `fetched` (with `bytes` and `current`), `played` or `leftPlan`.
    struct Event: Codable, Sendable {
        var fetched: String?
        var bytes: Int?
        var current: Bool?
        var played: String?
        var leftPlan: String?
    }
}

/// One row of `rebuffers.json`: player events and the rebuffer count.
struct RebufferRow: TableRow {
    var name: String
    var events: [RebufferCounter.Event]
    var expectedCount: Int
}

/// One row of `ttff.json`: times in milliseconds and the TTFF expected.
struct TimeToFirstFrameRow: TableRow {
    var name: String
    var becameCurrentAt: Double
    var firstPaintAt: Double
    var expected: Double
}

@Suite("Metrics maths")
struct MetricsTests {
    @Test("Percentiles of the recent samples are what the row expects", arguments: try Table.rows("percentiles.json", as: PercentileRow.self))
    func percentilesOfRecentSamples(row: PercentileRow) {
        let summary = row.window.map { Percentiles.summary(of: row.samples, window: $0) } ?? Percentiles.summary(of: row.samples)
        let actual = summary.map { PercentileRow.Expected(p50: $0.p50, p90: $0.p90, p99: $0.p99, count: $0.count) }
        #expect(actual == row.expected.value, "\(row.name)")
    }

    @Test("Percentiles clamp out-of-range requests to the smallest and largest sample")
    func percentilesClamp() {
        #expect(Percentiles.value(-10, of: [3, 1, 2]) == 1)
        #expect(Percentiles.value(0, of: [3, 1, 2]) == 1)
        #expect(Percentiles.value(250, of: [3, 1, 2]) == 3)
        #expect(Percentiles.value(.nan, of: [3, 1, 2]) == 1)
        #expect(Percentiles.value(50, of: []) == nil)
    }

    @Test("Network bytes split into active, speculative and wasted as the row expects", arguments: try Table.rows("byte-accounting.json", as: ByteAccountingRow.self))
    func bytesSplitAsExpected(row: ByteAccountingRow) throws {
        var accounting = ByteAccounting()
        for (position, event) in row.events.enumerated() {
            let step = "\(row.name): event \(position + 1)"
            try #require([event.fetched, event.played, event.leftPlan].compactMap { $0 }.count == 1,
                         "\(step) needs exactly one of fetched, played, leftPlan")
            if let item = event.fetched {
                accounting.fetched(try #require(event.bytes, "\(step) needs bytes"), for: item,
                                   current: try #require(event.current as Bool?, "\(step) needs current"))
            } else {
                try #require(event.bytes == nil && event.current == nil, "\(step): only fetched takes bytes and current")
                if let item = event.played { accounting.played(item) }
                if let item = event.leftPlan { accounting.leftPlan(item) }
            }
        }
        #expect(accounting.active == row.expectedActive, "\(row.name)")
        #expect(accounting.speculative == row.expectedSpeculative, "\(row.name)")
        #expect(accounting.wasted == row.expectedWasted, "\(row.name)")
        #expect(accounting.total == row.expectedActive + row.expectedSpeculative, "\(row.name)")
        #expect(accounting.wasted <= accounting.speculative, "\(row.name)")
    }

    @Test("Rebuffers count stalls after the first frame, once each", arguments: try Table.rows("rebuffers.json", as: RebufferRow.self))
    func rebuffersCountAsExpected(row: RebufferRow) {
        var counter = RebufferCounter()
        for event in row.events { counter.record(event) }
        #expect(counter.count == row.expectedCount, "\(row.name)")
    }

    @Test("Time to first frame is measured from becoming current", arguments: try Table.rows("ttff.json", as: TimeToFirstFrameRow.self))
    func timeToFirstFrameFromBecomingCurrent(row: TimeToFirstFrameRow) {
        #expect(TimeToFirstFrame.milliseconds(becameCurrentAt: row.becameCurrentAt, firstPaintAt: row.firstPaintAt) == row.expected, "\(row.name)")
    }
}
