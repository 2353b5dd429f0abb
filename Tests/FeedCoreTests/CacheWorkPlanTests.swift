import FeedCore
import Testing

struct CacheWorkPlanRow: TableRow {
    var name: String
    var entries: [PreloadPlan.Entry]
    var startupBytes: Int64
    var items: [CacheWorkPlan.Item]
    var running: [CacheKey]
    var pinned: [CacheKey]
    var planned: [CacheKey]
    var writable: Bool
    var bufferHealthy: Bool
    var expected: CacheWorkPlan.Decision
}

struct CacheWorkPlanTests {
    @Test("The media cache fetches, cancels and pins what each row says",
          arguments: try Table.rows("cache-work-plan.json", as: CacheWorkPlanRow.self))
    func decision(row: CacheWorkPlanRow) {
        let decision = CacheWorkPlan.decide(CacheWorkPlan.Input(
            entries: row.entries, startupBytes: row.startupBytes, items: row.items, running: row.running,
            pinned: row.pinned, planned: row.planned, writable: row.writable, bufferHealthy: row.bufferHealthy))
        #expect(decision == row.expected, "\(row.name)")
    }
}
