import FeedCore
import Testing

struct PoolAssignmentRow: TableRow {
    var name: String
    var entries: [PreloadPlan.Entry]
    var uris: [Int: String]
    var players: [PoolAssignment.Player]
    var capacity: Int
    var expected: PoolAssignment.Decision
}

struct PoolShrinkRow: TableRow {
    var name: String
    var players: [Int]
    var holding: [Int: Int]
    var priority: [Int]
    var capacity: Int
    var expected: [Int]
}

struct PoolAssignmentTests {
    @Test("The pool's players go to the plan's posts as each row says",
          arguments: try Table.rows("pool-assignment.json", as: PoolAssignmentRow.self))
    func assignment(row: PoolAssignmentRow) {
        let decision = PoolAssignment.decide(PoolAssignment.Input(entries: row.entries, uris: row.uris, players: row.players,
                                                                  capacity: row.capacity))
        #expect(decision == row.expected, "\(row.name)")
    }

    @Test("A lowered capacity destroys the players each row says",
          arguments: try Table.rows("pool-shrink.json", as: PoolShrinkRow.self))
    func shrink(row: PoolShrinkRow) {
        #expect(PoolAssignment.surplus(players: row.players, holding: row.holding, priority: row.priority,
                                       capacity: row.capacity) == row.expected, "\(row.name)")
    }

    @Test("After any decision no two players serve one post and no more than capacity stay alive")
    func bounds() {
        for capacity in 1...5 {
            for current in 0..<8 {
                let plan = PreloadPolicy.plan(PreloadPolicy.Input(currentIndex: current, count: 8))
                var uris: [Int: String] = [:]
                for index in 0..<8 { uris[index] = "clip-\(index % 3).mp4" }
                let players = (1...5).map { PoolAssignment.Player(id: $0, index: $0 - 1, uri: "clip-\(($0 - 1) % 3).mp4") }
                let decision = PoolAssignment.decide(PoolAssignment.Input(entries: plan.entries, uris: uris,
                                                                          players: players, capacity: capacity))
                let served = decision.load.map(\.index)
                #expect(Set(served).count == served.count, "capacity \(capacity), post \(current)")
                let made = decision.load.filter { $0.player == nil }.count
                #expect(players.count + made - decision.destroy.count <= capacity, "capacity \(capacity), post \(current)")
                #expect(decision.playing == current, "capacity \(capacity), post \(current)")
            }
        }
    }
}
