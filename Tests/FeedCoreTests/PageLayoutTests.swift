import Testing
import FeedCore

/// One row of `page-layout.json`: media of `media` size (`[width, height]`,
/// null while unknown) in a page of `page` size, as `choice` asks; the
/// post's rectangle is `[x, y, width, height]` in the page's pixels.
struct PageLayoutRow: TableRow {
    var name: String
    var choice: FitChoice
    var media: [Int]?
    var page: [Int]
    var expectedFit: ContentFit
    var expectedMedia: [Int]
    var expectedChrome: PageLayout.Chrome
}

@Suite("Page layout")
struct PageLayoutTests {
    @Test("Each page shows its post with the fit, rectangle and controls the row expects",
          arguments: try Table.rows("page-layout.json", as: PageLayoutRow.self))
    func layoutFollowsTheWindow(row: PageLayoutRow) throws {
        try #require(row.page.count == 2 && row.expectedMedia.count == 4 && (row.media?.count ?? 2) == 2, "\(row.name)")
        let media = row.media.map { PixelSize(width: $0[0], height: $0[1]) }
        let layout = PageLayout.decide(choice: row.choice, media: media, page: PixelSize(width: row.page[0], height: row.page[1]))
        #expect(layout.fit == row.expectedFit, "\(row.name)")
        #expect([layout.media.x, layout.media.y, layout.media.width, layout.media.height] == row.expectedMedia, "\(row.name)")
        #expect(layout.chrome == row.expectedChrome, "\(row.name)")
    }

    @Test("c cycles auto, cover, contain and back; auto and contain decode the whole post, cover the page's part")
    func choicesCycle() {
        #expect(FitChoice.auto.next == .cover && FitChoice.cover.next == .contain && FitChoice.contain.next == .auto)
        #expect(FitChoice.auto.decodeFit == .contain && FitChoice.contain.decodeFit == .contain && FitChoice.cover.decodeFit == .cover)
    }
}
