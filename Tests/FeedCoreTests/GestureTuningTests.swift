import FeedCore
import Testing

struct GestureTuningRow: TableRow {
    var name: String
    var travel: Double?
    var drag: Bool?
    var delta: Double?
    var inPixels: Bool?
    var pixels: Double?
}

@Suite("Presses become drags past a few pixels, and wheel units move the pages a fixed distance")
struct GestureTuningTests {
    @Test("each row's press or scroll is what it expects",
          arguments: try Table.rows("gesture-tuning.json", as: GestureTuningRow.self))
    func tuning(row: GestureTuningRow) throws {
        if let drag = row.drag {
            #expect(GestureTuning.isDrag(travel: try #require(row.travel)) == drag, "\(row.name)")
        }
        if let pixels = row.pixels {
            let delta = try #require(row.delta), inPixels = try #require(row.inPixels)
            #expect(GestureTuning.pixels(delta: delta, inPixels: inPixels) == pixels, "\(row.name)")
        }
        #expect(row.drag != nil || row.pixels != nil, "\(row.name) checks nothing")
    }

    @Test("a click waits a quarter second for its second")
    func doubleClick() {
        #expect(GestureTuning.doubleClickMilliseconds == 250)
    }
}
