import Testing
import FeedCore

/// One row of `retry.json`: an event for an item and the decision expected.
///
/// `event` is `failed` (with `code`, and `status` for HTTP), `manualRetry`,
/// `reconnected` or `becameCurrent`. `action` is written as text:
/// `retry after 0.5`, `release others and retry after 1`, `evict and retry`,
/// `retry now`, `wait for network`, `report HTTP_ERROR` or `nothing`.
struct RetryRow: TableRow {
    var name: String
    var event: EventKind
    var code: ErrorCode?
    var status: Int?
    var spent: Int?
    var silentSpent: Bool?
    var current: Bool?
    var online: Bool?
    var inError: Bool?
    var fromCache: Bool?
    var versionKnown: Bool?
    var action: String
    var expectedSpent: Int
    var expectedSilentSpent: Bool?

    enum EventKind: String, Codable, Sendable {
        case failed, manualRetry, reconnected, becameCurrent
    }

    func input() throws -> RetryPolicy.Input {
        let event: RetryPolicy.Event
        switch self.event {
        case .failed:
            event = .failed(try #require(code, "\(name): a failure needs a code"), httpStatus: status)
        case .manualRetry, .reconnected, .becameCurrent:
            try #require(code == nil && status == nil, "\(name): only a failure takes a code or status")
            event = self.event == .manualRetry ? .manualRetry : self.event == .reconnected ? .reconnected : .becameCurrent
        }
        var input = RetryPolicy.Input(event: event)
        input.budget = .init(attemptsSpent: spent ?? 0, silentRetrySpent: silentSpent ?? false)
        if let current { input.isCurrent = current }
        if let online { input.online = online }
        if let inError { input.inError = inError }
        if let fromCache { input.fromCache = fromCache }
        if let versionKnown { input.cacheVersionKnown = versionKnown }
        return input
    }
}

/// One row of `http-status.json`: a response status, the code it maps to
/// (`none` for a success) and whether it is worth retrying.
struct HTTPStatusRow: TableRow {
    var name: String
    var status: Int
    var expectedCode: String
    var retryable: Bool
}

extension RetryPolicy.Action {
    /// The table's spelling of an action.
    var tableText: String {
        switch self {
        case .retry(let seconds): "retry after \(seconds.formatted)"
        case .releaseOthersAndRetry(let seconds): "release others and retry after \(seconds.formatted)"
        case .evictAndRetry: "evict and retry"
        case .retryNow: "retry now"
        case .waitForNetwork: "wait for network"
        case .report(let code): "report \(code.rawValue)"
        case .nothing: "nothing"
        }
    }
}

private extension Double {
    /// 0.5 as "0.5", 1.0 as "1".
    var formatted: String {
        self == rounded() ? String(Int(self)) : String(self)
    }
}

@Suite("Retry policy")
struct RetryPolicyTests {
    @Test("Each failure or recovery event leads to the decision its row expects", arguments: try Table.rows("retry.json", as: RetryRow.self))
    func eventLeadsToExpectedDecision(row: RetryRow) throws {
        let decision = RetryPolicy.decide(try row.input())
        #expect(decision.action.tableText == row.action, "\(row.name)")
        #expect(decision.budget.attemptsSpent == row.expectedSpent, "\(row.name)")
        if let silent = row.expectedSilentSpent {
            #expect(decision.budget.silentRetrySpent == silent, "\(row.name)")
        }
    }

    @Test("HTTP statuses map to error codes and retryability as their rows say", arguments: try Table.rows("http-status.json", as: HTTPStatusRow.self))
    func httpStatusMapsToCode(row: HTTPStatusRow) {
        let code = ErrorCode.forHTTPStatus(row.status)
        #expect((code?.rawValue ?? "none") == row.expectedCode, "\(row.name)")
        let retryable = code.map { RetryPolicy.isRetryable($0, httpStatus: row.status) } ?? false
        #expect(retryable == row.retryable, "\(row.name)")
    }

    @Test("A current item retries three times after 0.5 s, 1 s and 2 s, then reports")
    func currentItemRetriesThreeTimes() {
        var budget = RetryPolicy.Budget.fresh
        var actions: [RetryPolicy.Action] = []
        for _ in 0..<4 {
            let decision = RetryPolicy.decide(.init(event: .failed(.timeout, httpStatus: nil), budget: budget))
            actions.append(decision.action)
            budget = decision.budget
        }
        #expect(actions == [.retry(afterSeconds: 0.5), .retry(afterSeconds: 1), .retry(afterSeconds: 2), .report(.timeout)])
    }

    @Test("Error codes keep the names logs and events use", arguments: ErrorCode.allCases)
    func errorCodesKeepTheirNames(code: ErrorCode) {
        let expected = [
            "NETWORK_UNAVAILABLE", "HTTP_ERROR", "TIMEOUT", "SOURCE_NOT_FOUND", "UNSUPPORTED_FORMAT",
            "DECODER_INIT_FAILED", "DECODE_FAILED", "IMAGE_DECODE_FAILED", "CACHE_CORRUPT", "PLAYER_FAILED", "UNKNOWN",
            "TLS_ERROR", "CACHE_UNAVAILABLE",
        ]
        #expect(expected.contains(code.rawValue))
        #expect(ErrorCode.allCases.count == expected.count)
    }

    @Test("An HTTP error without a status is not retried")
    func httpErrorWithoutStatusIsNotRetried() {
        #expect(!RetryPolicy.isRetryable(.httpError))
        #expect(RetryPolicy.isRetryable(.timeout))
    }
}

/// One row of `error-precedence.json`: the codes a failure's elements
/// posted, in the order they came, and the one reported.
struct ErrorPrecedenceRow: TableRow {
    var name: String
    var codes: [ErrorCode]
    var expected: ErrorCode
}

@Suite("Error precedence")
struct ErrorPrecedenceTests {
    @Test("Several errors of one failure report the most telling, in any order",
          arguments: try Table.rows("error-precedence.json", as: ErrorPrecedenceRow.self))
    func mostTelling(_ row: ErrorPrecedenceRow) {
        #expect(ErrorCode.mostTelling(row.codes) == row.expected)
        #expect(ErrorCode.mostTelling(row.codes.reversed()) == row.expected, "order does not matter")
    }

    @Test("Every code has its place in the order")
    func everyCodeRanked() {
        #expect(Set(ErrorCode.precedence) == Set(ErrorCode.allCases))
        #expect(ErrorCode.precedence.count == ErrorCode.allCases.count)
    }
}
