import FeedCore
import Testing

struct FolderFileRow: TableRow {
    var name: String
    var contentType: String
    var nameType: String
    var size: Int64
    var readable: Bool?
    var loadable: Bool?
    var nameLoadable: Bool?
    /// A post's kind ("video", "image", "audio") or a skip reason's raw value.
    var verdict: String

    var facts: FolderFileRule.Facts {
        FolderFileRule.Facts(contentType: contentType, nameType: nameType, size: size, readable: readable ?? true,
                             contentTypeLoadable: loadable ?? false, nameTypeLoadable: nameLoadable ?? false)
    }
}

struct FolderSkipSummaryRow: TableRow {
    var name: String
    var reasons: [FolderSkipReason]
    var summary: String?
}

struct FolderFileRuleTests {
    @Test("Each file of a folder is a post or skipped for the reason its row says",
          arguments: try Table.rows("folder-files.json", as: FolderFileRow.self))
    func fileGetsItsVerdict(row: FolderFileRow) {
        let expected: FolderFileVerdict = FeedItem.Kind(rawValue: row.verdict).map { .post($0) }
            ?? FolderSkipReason(rawValue: row.verdict).map { .skipped($0) } ?? .skipped(.notMedia)
        #expect(FeedItem.Kind(rawValue: row.verdict) != nil || FolderSkipReason(rawValue: row.verdict) != nil,
                "\(row.name): '\(row.verdict)' names a kind or a reason")
        #expect(FolderFileRule.verdict(row.facts) == expected, "\(row.name)")
    }

    @Test("The skipped files' summary counts them by reason as its row says",
          arguments: try Table.rows("folder-skip-summary.json", as: FolderSkipSummaryRow.self))
    func summaryCountsReasons(row: FolderSkipSummaryRow) {
        #expect(FolderFileRule.summary(row.reasons) == row.summary, "\(row.name)")
    }
}
