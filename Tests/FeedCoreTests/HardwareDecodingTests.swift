import FeedCore
import Testing

struct DecoderRankRow: TableRow {
    var name: String
    var klass: String
    var original: Int
    var mode: HardwareDecoding
    var kind: DecoderKind
    var rank: Int
}

/// `hardware-decoding`: which factories count as hardware video decoders,
/// and the rank each gets.
struct HardwareDecodingTests {
    @Test("Each factory's kind and rank are as its row says", arguments: try Table.rows("decoder-ranks.json", as: DecoderRankRow.self))
    func rank(row: DecoderRankRow) {
        let kind = DecoderKind(klass: row.klass)
        #expect(kind == row.kind, "\(row.name)")
        #expect(kind.rank(original: row.original, under: row.mode) == row.rank, "\(row.name)")
    }
}
