import Testing
import FeedCore

/// One row of `decoder-threads.json`: a stream's coded size and the
/// decoder's `max-threads` for it.
struct DecoderThreadsRow: TableRow {
    var name: String
    var width: Int
    var height: Int
    var expected: Int
}

@Suite("Software decoder threads")
struct DecoderThreadsTests {
    @Test("frames up to 1080p decode on one thread, larger ones and unknown sizes as libav chooses",
          arguments: try Table.rows("decoder-threads.json", as: DecoderThreadsRow.self))
    func threads(row: DecoderThreadsRow) {
        #expect(DecoderThreads.maxThreads(width: row.width, height: row.height) == row.expected, "\(row.name)")
    }
}
