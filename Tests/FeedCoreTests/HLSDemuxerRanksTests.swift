import FeedCore
import Testing

struct HLSDemuxerRow: TableRow {
    var name: String
    var legacy: Int?
    var newer: Int?
    var newerRank: Int?
    var legacyPlugged: Bool
}

@Suite("The HLS demuxer that reads segments through source elements is preferred")
struct HLSDemuxerRanksTests {
    @Test("each row's ranks give its change and the demuxer plugged",
          arguments: try Table.rows("hls-demuxer.json", as: HLSDemuxerRow.self))
    func ranks(row: HLSDemuxerRow) {
        let decision = HLSDemuxerRanks.decide(legacy: row.legacy, newer: row.newer)
        #expect(decision == HLSDemuxerRanks.Decision(newerRank: row.newerRank, legacyPlugged: row.legacyPlugged), "\(row.name)")
    }
}
