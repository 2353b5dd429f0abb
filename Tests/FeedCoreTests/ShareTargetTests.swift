import Testing
import FeedCore

/// One row of `share-target.json`.
struct ShareTargetRow: TableRow {
    var name: String
    var webPage: String?
    var media: String
    var expected: ShareTarget
}

@Suite("Share target")
struct ShareTargetTests {
    @Test("Copy link and Open give the post's page where there is one, else its file's address",
          arguments: try Table.rows("share-target.json", as: ShareTargetRow.self))
    func sharesThePage(row: ShareTargetRow) {
        let target = ShareTarget.decide(webPage: row.webPage, mediaURI: row.media)
        #expect(target == row.expected, "\(row.name)")
        #expect(target.address == row.expected.address, "\(row.name)")
    }
}
