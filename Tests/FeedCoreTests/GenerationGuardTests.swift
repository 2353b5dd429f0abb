import Testing
import FeedCore

/// One row of `generations.json`: a page bound to `bindings` items in turn
/// (optionally unbound at the end), then the results of those bindings
/// delivered in `deliveries` order (positions in `bindings`, from 0).
struct GenerationRow: TableRow {
    var name: String
    var bindings: [Int]
    var unbound: Bool?
    var deliveries: [Int]
    /// Per delivery: whether its result was shown.
    var expectedAccepted: [Bool]
    /// The item on screen at the end, or null.
    var expectedShown: Nullable<Int>
}

@Suite("Generation guard")
struct GenerationGuardTests {
    @Test("Only results for the page's latest binding are shown", arguments: try Table.rows("generations.json", as: GenerationRow.self))
    func onlyLatestBindingIsShown(row: GenerationRow) throws {
        var guardian = GenerationGuard()
        let generations = row.bindings.map { _ in guardian.bind() }
        if row.unbound == true { guardian.invalidate() }
        var shown: Int?
        var accepted: [Bool] = []
        for position in row.deliveries {
            try #require(row.bindings.indices.contains(position), "\(row.name): delivery \(position) names no binding")
            let ok = guardian.accepts(generations[position])
            accepted.append(ok)
            if ok { shown = row.bindings[position] }
        }
        #expect(accepted == row.expectedAccepted, "\(row.name)")
        #expect(shown == row.expectedShown.value, "\(row.name)")
    }

    @Test("Rebinding the same item takes a new generation")
    func rebindingTakesNewGeneration() {
        var guardian = GenerationGuard()
        let first = guardian.bind()
        let second = guardian.bind()
        #expect(first != second)
        #expect(!guardian.accepts(first))
        #expect(guardian.accepts(second))
        #expect(guardian.current == second)
    }
}
