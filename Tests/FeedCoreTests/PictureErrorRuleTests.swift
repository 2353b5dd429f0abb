import Foundation
import Testing
@testable import FeedCore

/// One row of `picture-error.json`: what went wrong with a picture, and
/// what its page says.
struct PictureErrorRow: TableRow {
    var name: String
    var problem: PictureErrorRule.Problem
    var httpStatus: Int?
    var fetchCode: ErrorCode?
    var expected: ErrorCode
    var expectedStatus: Int?
    var retryable: Bool
}

struct PictureErrorRuleTests {
    @Test("A picture's failure is the code, status and Retry its row says",
          arguments: try Table.rows("picture-error.json", as: PictureErrorRow.self))
    func decision(row: PictureErrorRow) {
        let decided = PictureErrorRule.decide(.init(problem: row.problem, httpStatus: row.httpStatus,
                                                    fetchCode: row.fetchCode))
        #expect(decided == PictureErrorRule.Decision(code: row.expected, httpStatus: row.expectedStatus,
                                                     retryable: row.retryable), "\(row.name)")
    }

    @Test("Every problem has a row")
    func everyProblem() throws {
        let rows = try Table.rows("picture-error.json", as: PictureErrorRow.self)
        #expect(Set(rows.map(\.problem)) == Set(PictureErrorRule.Problem.allCases))
    }
}
