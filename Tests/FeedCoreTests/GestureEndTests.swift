import FeedCore
import Testing

/// One row of `gesture-end.json`.
struct GestureEndRow: TableRow {
    var name: String
    var open: Bool
    var event: GestureEnd.Event
    var sinceLastScroll: Int
    var liftsSeen: Bool?
    var expected: GestureEnd.Outcome
}

/// One row of `scroll-kind.json`.
struct ScrollKindRow: TableRow {
    var name: String
    var smooth: Bool
    var inPixels: Bool
    var fromTouchpad: Bool
    var expected: ScrollKind
}

struct GestureEndTests {
    @Test("Every input begins, continues or ends a gesture as its row says", arguments: try Table.rows("gesture-end.json", as: GestureEndRow.self))
    func outcome(row: GestureEndRow) {
        let outcome = GestureEnd.decide(open: row.open, event: row.event, sinceLastScroll: row.sinceLastScroll,
                                        liftsSeen: row.liftsSeen ?? false)
        #expect(outcome == row.expected, "\(row.name)")
    }

    @Test("Every input ends an open gesture once its idle limit has passed, except a scroll")
    func everyGestureEnds() {
        for liftsSeen in [false, true] {
            let limit = GestureEnd.idleLimit(liftsSeen: liftsSeen)
            for event in GestureEnd.Event.allCases {
                let outcome = GestureEnd.decide(open: true, event: event, sinceLastScroll: limit, liftsSeen: liftsSeen)
                #expect((outcome == .follow) == (event == .scroll), "\(event) → \(outcome)")
            }
        }
    }

    @Test("A scroll event is fingers or notches as its row says", arguments: try Table.rows("scroll-kind.json", as: ScrollKindRow.self))
    func scrollKind(row: ScrollKindRow) {
        let event = ScrollKind.Event(smooth: row.smooth, inPixels: row.inPixels, fromTouchpad: row.fromTouchpad)
        #expect(ScrollKind.of(event) == row.expected, "\(row.name)")
    }
}
