import Testing
import FeedCore

/// One row of `content-fit.json`: a picture of `source` size shown in a page
/// of `box` size; sizes are `[width, height]` and the visible part of the
/// decoded picture `[x, y, width, height]`, all in pixels.
struct ContentFitRow: TableRow {
    var name: String
    var fit: ContentFit
    var source: [Int]
    var box: [Int]
    var expectedDecode: [Int]
    var expectedVisible: [Int]
}

@Suite("Content fit")
struct ContentFitTests {
    @Test("Pictures are decoded at page size and cropped as the row expects", arguments: try Table.rows("content-fit.json", as: ContentFitRow.self))
    func picturesDecodeAtPageSize(row: ContentFitRow) throws {
        try #require(row.source.count == 2 && row.box.count == 2 && row.expectedDecode.count == 2 && row.expectedVisible.count == 4,
                     "\(row.name): sizes are [width, height], rectangles [x, y, width, height]")
        let box = PixelSize(width: row.box[0], height: row.box[1])
        let decoded = row.fit.decodeSize(source: PixelSize(width: row.source[0], height: row.source[1]), box: box)
        #expect([decoded.width, decoded.height] == row.expectedDecode, "\(row.name)")
        let visible = row.fit.visibleRect(decoded: decoded, box: box)
        #expect([visible.x, visible.y, visible.width, visible.height] == row.expectedVisible, "\(row.name)")
    }
}
