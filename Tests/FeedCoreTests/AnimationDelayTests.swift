import FeedCore
import Testing

struct AnimationDelayRow: TableRow {
    var name: String
    var reported: Int
    var shown: Int
}

@Suite("An animated picture's frames show as browsers show them")
struct AnimationDelayTests {
    @Test("each row's delay shows as long as it says",
          arguments: try Table.rows("animation-delay.json", as: AnimationDelayRow.self))
    func delay(row: AnimationDelayRow) {
        #expect(AnimationDelay.milliseconds(reported: row.reported) == row.shown, "\(row.name)")
    }
}
