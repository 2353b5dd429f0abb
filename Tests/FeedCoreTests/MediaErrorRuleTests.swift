import Foundation
import Testing
@testable import FeedCore

/// One row of `media-error.json`: what an error says, and the code it is.
struct MediaErrorRow: TableRow {
    var name: String
    var domain: MediaErrorRule.Domain
    var code: MediaErrorRule.Code
    var httpStatus: Int?
    var fromDecoder: Bool?
    var networkTimedOut: Bool?
    var expected: ErrorCode
    var expectedStatus: Int?
}

struct MediaErrorRuleTests {
    @Test("A media error is the code its row says, from what happened, never from its words",
          arguments: try Table.rows("media-error.json", as: MediaErrorRow.self))
    func decision(row: MediaErrorRow) {
        let decided = MediaErrorRule.decide(.init(domain: row.domain, code: row.code, httpStatus: row.httpStatus,
                                                  fromDecoder: row.fromDecoder ?? false,
                                                  networkTimedOut: row.networkTimedOut ?? false))
        #expect(decided.code == row.expected, "\(row.name)")
        #expect(decided.httpStatus == row.expectedStatus, "\(row.name)")
    }
}
