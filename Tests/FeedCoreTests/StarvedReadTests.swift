import FeedCore
import Testing

struct StarvedReadRow: TableRow {
    var name: String
    var waited: Double
    var reported: Bool
    /// Media queued ahead of the playhead now (an HLS segment read ahead).
    var queued: Double?
    /// Expected: buffering said now …
    var report: Bool?
    /// … or a wait of this many seconds.
    var wait: Double?
}

@Suite("A starved read says buffering after a quarter second and looks again in steps")
struct StarvedReadTests {
    @Test("each row's wait gives its next step",
          arguments: try Table.rows("starved-read.json", as: StarvedReadRow.self))
    func step(row: StarvedReadRow) {
        let expected: StarvedRead.Step? = row.report == true ? .reportBuffering : row.wait.map { .wait(seconds: $0) }
        #expect(expected != nil, "\(row.name) expects nothing")
        #expect(StarvedRead.next(waitedSeconds: row.waited, reported: row.reported, queuedSeconds: row.queued ?? 0) == expected, "\(row.name)")
    }

    @Test("a held read looks at the disk twice a second")
    func held() {
        #expect(StarvedRead.heldRecheckSeconds == 0.5)
    }
}
