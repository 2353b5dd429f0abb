import Testing
import FeedCore

/// One row of `pagination.json`: where the user landed, what is known about
/// page loads, and the decision (`load`, `idle`, or `retry at <seconds>`).
struct PaginationRow: TableRow {
    var name: String
    var landing: Int
    var count: Int
    var threshold: Int?
    var firstMount: Bool?
    var loadInFlight: Bool?
    var endReached: Bool?
    var requestedForCount: Int?
    var failures: Int?
    var lastFailureTime: Double?
    var now: Double?
    var expected: String

    var input: PaginationTrigger.Input {
        var input = PaginationTrigger.Input(landingIndex: landing, count: count)
        if let threshold { input.threshold = threshold }
        if let firstMount { input.firstMount = firstMount }
        if let loadInFlight { input.loadInFlight = loadInFlight }
        if let endReached { input.endReached = endReached }
        input.requestedForCount = requestedForCount
        if let failures { input.failures = failures }
        input.lastFailureTime = lastFailureTime
        if let now { input.now = now }
        return input
    }
}

extension PaginationTrigger.Decision {
    var tableText: String {
        switch self {
        case .load: "load"
        case .idle: "idle"
        case .retry(let seconds): "retry at \(seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds))"
        }
    }
}

@Suite("Pagination trigger")
struct PaginationTriggerTests {
    @Test("The next page is requested exactly when the row expects", arguments: try Table.rows("pagination.json", as: PaginationRow.self))
    func nextPageRequestedWhenExpected(row: PaginationRow) {
        #expect(PaginationTrigger.decide(row.input).tableText == row.expected, "\(row.name)")
    }

    @Test("Backoff after failed page loads doubles from 1 s up to 30 s")
    func backoffDoubles() {
        #expect((0...7).map { PaginationTrigger.backoff(failures: $0) } == [0, 1, 2, 4, 8, 16, 30, 30])
        #expect(PaginationTrigger.backoff(failures: 1000) == 30)
        #expect(PaginationTrigger.backoff(failures: 2, base: 0.5, max: 10) == 1)
    }
}

/// One row of `empty-pages.json`.
struct EmptyPageRow: TableRow {
    var name: String
    var emptyInARow: Int
    var hasNext: Bool
    var limit: Int?
    var expected: EmptyPageRun.Decision
}

struct EmptyPageRunTests {
    @Test("A run of empty pages asks again, ends the feed or is the feed's end, as its row says", arguments: try Table.rows("empty-pages.json", as: EmptyPageRow.self))
    func decision(row: EmptyPageRow) {
        #expect(EmptyPageRun.decide(emptyInARow: row.emptyInARow, hasNext: row.hasNext, limit: row.limit ?? EmptyPageRun.limit) == row.expected,
                "\(row.name)")
    }
}
