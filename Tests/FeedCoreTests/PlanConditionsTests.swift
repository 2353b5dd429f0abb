import Foundation
import Testing
@testable import FeedCore

/// One row of `plan-conditions.json`: a network and the data saver, and
/// the network the plan sees; or a memory change, and whether it drops
/// the decoded pictures.
struct PlanConditionsRow: TableRow {
    var name: String
    var network: NetworkCondition?
    var dataSaver: Bool?
    var expectedNetwork: NetworkCondition?
    var memoryFrom: MemoryCondition?
    var memoryTo: MemoryCondition?
    var expectedDrop: Bool?
}

/// One row of `buffer-ahead.json`: what is known of the current video, and
/// the seconds ahead and left.
struct BufferAheadRow: TableRow {
    var name: String
    var cachedShare: Double?
    var duration: Double?
    var position: Double?
    var expected: Double
    var expectedLeft: Double
}

struct PlanConditionsTests {
    @Test("The plan's network and memory follow the rows",
          arguments: try Table.rows("plan-conditions.json", as: PlanConditionsRow.self))
    func conditions(row: PlanConditionsRow) {
        if let network = row.network {
            #expect(PlanConditions.network(system: network, dataSaver: row.dataSaver ?? false) == row.expectedNetwork,
                    "\(row.name)")
        }
        if let from = row.memoryFrom, let to = row.memoryTo {
            #expect(PlanConditions.dropsDecodedPictures(from: from, to: to) == row.expectedDrop, "\(row.name)")
        }
        #expect(row.network != nil || row.memoryFrom != nil, "\(row.name): a row names a network or a memory change")
    }

    @Test("The seconds ahead of the current video follow the rows",
          arguments: try Table.rows("buffer-ahead.json", as: BufferAheadRow.self))
    func ahead(row: BufferAheadRow) {
        #expect(BufferAhead.seconds(cachedShare: row.cachedShare, duration: row.duration, position: row.position)
                == row.expected, "\(row.name)")
        #expect(BufferAhead.secondsLeft(duration: row.duration, position: row.position) == row.expectedLeft, "\(row.name)")
    }
}
