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
    var reversalThreshold: Double?
    var expected: Int

    var input: SnapDecision.Input {
        var input = SnapDecision.Input(currentIndex: current, offset: offset, velocity: velocity, count: count)
        if let distanceThreshold { input.distanceThreshold = distanceThreshold }
        if let velocityThreshold { input.velocityThreshold = velocityThreshold }
        if let reversalThreshold { input.reversalThreshold = reversalThreshold }
        return input
    }
}

@Suite("Snap decision")
struct SnapDecisionTests {
    @Test("The pager settles on the page each table row expects", arguments: try Table.rows("snap.json", as: SnapRow.self))
    func pagerSettlesOnExpectedPage(row: SnapRow) {
        #expect(SnapDecision.target(row.input) == row.expected, "\(row.name)")
    }

    @Test("A release lands on the start page or the one the drag went towards, inside the feed", arguments: try Table.rows("snap.json", as: SnapRow.self))
    func releaseLandsOnAPageOnScreen(row: SnapRow) {
        let target = SnapDecision.target(row.input)
        if row.count == 0 {
            #expect(target == 0, "\(row.name)")
        } else {
            #expect((0..<row.count).contains(target), "\(row.name)")
            let start = min(max(row.current, 0), row.count - 1)
            let towards = row.offset > 0 ? start + 1 : row.offset < 0 ? start - 1 : start
            #expect(target == start || target == towards, "\(row.name)")
        }
    }

    @Test("The input defaults to half a page, half a page per second and a tenth of a page per second back")
    func inputDefaultsToHalfPage() {
        let input = SnapDecision.Input(currentIndex: 1, offset: 0, velocity: 0, count: 3)
        #expect(input.distanceThreshold == 0.5)
        #expect(input.velocityThreshold == 0.5)
        #expect(input.reversalThreshold == 0.1)
    }

    @Test("Non-finite offsets and velocities count as no motion")
    func nonFiniteValuesAreNoMotion() {
        #expect(SnapDecision.target(.init(currentIndex: 4, offset: .nan, velocity: 3, count: 10)) == 4)
        #expect(SnapDecision.target(.init(currentIndex: 4, offset: 0.7, velocity: .nan, count: 10)) == 5)
        #expect(SnapDecision.target(.init(currentIndex: 4, offset: 0.3, velocity: -.infinity, count: 10)) == 4)
        #expect(SnapDecision.target(.init(currentIndex: 4, offset: .infinity, velocity: 0, count: 10)) == 4)
    }
}
