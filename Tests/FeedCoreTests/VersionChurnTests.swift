import Foundation
import Testing
@testable import FeedCore

/// A time in a table: a number of seconds, or "nan" / "inf" for the values
/// JSON cannot spell.
struct TableSeconds: Codable, Sendable {
    var value: Double

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Double.self) {
            value = number
            return
        }
        switch try container.decode(String.self) {
        case "nan": value = .nan
        case "inf": value = .infinity
        case "-inf": value = -.infinity
        case let other:
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a time: \(other)")
        }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        if value.isNaN {
            try container.encode("nan")
        } else if value.isInfinite {
            try container.encode(value > 0 ? "inf" : "-inf")
        } else {
            try container.encode(value)
        }
    }
}

/// One row of `version-churn.json`: the version changes seen, in order.
struct VersionChurnRow: TableRow {
    var name: String
    var changes: [TableSeconds]
    var limit: Int?
    var expected: Bool
}

struct VersionChurnTests {
    @Test("A file that changes at the origin keeps being cached or streams uncached, as its row says",
          arguments: try Table.rows("version-churn.json", as: VersionChurnRow.self))
    func decision(row: VersionChurnRow) {
        var churn = VersionChurn()
        var answer = false
        for change in row.changes {
            answer = churn.record(atSeconds: change.value, limit: row.limit ?? VersionChurn.limit)
        }
        #expect(answer == row.expected, "\(row.name)")
        #expect(churn.uncached == row.expected, "\(row.name)")
        #expect(churn.changes.count <= (row.limit ?? VersionChurn.limit), "\(row.name): the history stays bounded")
    }

    @Test("Ten thousand changes keep at most `limit` times")
    func bounded() {
        var churn = VersionChurn()
        for second in 0..<10_000 { churn.record(atSeconds: Double(second) * 100) }
        #expect(churn.changes.count <= VersionChurn.limit)
        #expect(!churn.uncached, "one change every 100 s never reaches two a minute")
    }
}
