import Testing
import FeedCore

/// One row of `snap.json`.
struct SnapRow: TableRow {
    var name: String
    var current: Int
    var offset: Double
    var velocity: Double
    var count: Int
    var distanceThreshold: Double?
    var velocityThreshold: Double?
    var expected: Int

    var input: SnapDecision.Input {
        var input = SnapDecision.Input(currentIndex: current, offset: offset, velocity: velocity, count: count)
        if let distanceThreshold { input.distanceThreshold = distanceThreshold }
        if let velocityThreshold { input.velocityThreshold = velocityThreshold }
        return input
    }
}

@Suite("Snap decision")
struct SnapDecisionTests {
    @Test("The pager settles on the page each table row expects", arguments: try Table.rows("snap.json", as: SnapRow.self))
    func pagerSettlesOnExpectedPage(row: SnapRow) {
        #expect(SnapDecision.target(row.input) == row.expected, "\(row.name)")
    }

    @Test("A gesture never moves more than one page and never leaves the feed", arguments: try Table.rows("snap.json", as: SnapRow.self))
    func gestureMovesAtMostOnePage(row: SnapRow) {
        let target = SnapDecision.target(row.input)
        if row.count == 0 {
            #expect(target == 0, "\(row.name)")
        } else {
            #expect((0..<row.count).contains(target), "\(row.name)")
            let start = min(max(row.current, 0), row.count - 1)
            #expect(abs(target - start) <= 1, "\(row.name)")
        }
    }

    @Test("The input defaults to half a page and half a page per second")
    func inputDefaultsToHalfPage() {
        let input = SnapDecision.Input(currentIndex: 1, offset: 0, velocity: 0, count: 3)
        #expect(input.distanceThreshold == 0.5)
        #expect(input.velocityThreshold == 0.5)
    }
}
