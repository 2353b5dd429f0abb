import Testing
import FeedCore

/// One row of `playback-rate.json`: a speed key from a rate.
struct PlaybackRateRow: TableRow {
    enum Key: String, Codable, Sendable { case faster, slower }
    var name: String
    var from: Double
    var key: Key
    var expected: Double
}

@Suite("Playback speed")
struct PlaybackRateTests {
    @Test("< and > step through 0.25 to 2 as each row expects",
          arguments: try Table.rows("playback-rate.json", as: PlaybackRateRow.self))
    func steps(row: PlaybackRateRow) {
        let rate = row.key == .faster ? PlaybackRate.faster(than: row.from) : PlaybackRate.slower(than: row.from)
        #expect(rate == row.expected, "\(row.name)")
    }

    @Test("any rate within 0.25 to 2 is accepted; 0, negatives, above 2, infinities and NaN are not")
    func accepted() {
        for rate in [0.25, 0.3, 1, 1.1, 2] { #expect(PlaybackRate.accepted(rate) == rate, "\(rate)") }
        for rate in [0, -1, 0.2, 2.01, .infinity, -.infinity, .nan] { #expect(PlaybackRate.accepted(rate) == nil, "\(rate)") }
        #expect(PlaybackRate.steps.allSatisfy(PlaybackRate.range.contains))
        #expect(PlaybackRate.held == 2 && PlaybackRate.holdMilliseconds == 400)
    }
}
