import FeedCore
import Testing

struct DragReleaseRow: TableRow {
    var name: String
    /// [time µs, offset pages] pairs, in order.
    var samples: [[Double]]
    var releaseAt: Int
    var velocity: Double
}

struct WheelRow: TableRow {
    var name: String
    /// [delta notches, time µs] pairs, in order.
    var deltas: [[Double]]
    /// Pages moved after each delta.
    var steps: [Int]
}

struct GestureTests {
    @Test("A drag's release velocity is what its row says", arguments: try Table.rows("drag-release.json", as: DragReleaseRow.self))
    func releaseVelocity(row: DragReleaseRow) {
        var tracker = DragTracker(startIndex: 3, startPosition: 3)
        for sample in row.samples { tracker.record(offset: sample[1], at: Int(sample[0])) }
        #expect(abs(tracker.velocity(at: row.releaseAt) - row.velocity) < 1e-9, "\(row.name)")
    }

    @Test("Wheel deltas move the pages their row says", arguments: try Table.rows("wheel.json", as: WheelRow.self))
    func wheelSteps(row: WheelRow) {
        var wheel = WheelAccumulator()
        // Starts well after time 0, as a monotonic clock does.
        let steps = row.deltas.map { wheel.add($0[0], at: 10_000_000 + Int($0[1])) }
        #expect(steps == row.steps, "\(row.name)")
    }
}
