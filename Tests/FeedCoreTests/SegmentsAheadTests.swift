import FeedCore
import Testing

struct SegmentsAheadRow: TableRow {
    var name: String
    /// The stream's rate in bits per second, and the bytes each queue then holds.
    var rate: Double?
    var bytes: Int?
    /// Bytes of segments against their media seconds, and the rate measured (nil: not yet).
    var measuredBytes: Int?
    var mediaSeconds: Double?
    var measuredRate: Double?
}

@Suite("The queues after an HLS demuxer hold seconds at the stream's rate, within bounds")
struct SegmentsAheadTests {
    @Test("each row's rate gives its bytes, or its bytes and seconds their rate",
          arguments: try Table.rows("segments-ahead.json", as: SegmentsAheadRow.self))
    func row(row: SegmentsAheadRow) {
        if let bytes = row.bytes {
            #expect(SegmentsAhead.queueBytes(bitsPerSecond: row.rate) == bytes, "\(row.name)")
        }
        if let measured = row.measuredBytes, let seconds = row.mediaSeconds {
            #expect(SegmentsAhead.measuredRate(bytes: measured, mediaSeconds: seconds) == row.measuredRate, "\(row.name)")
        }
    }
}
