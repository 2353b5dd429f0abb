import Foundation
import Testing

/// A small row type to check the table reader against.
private struct ProbeRow: TableRow {
    var name: String
    var count: Int
    var limit: Int?
    var nested: Nested?

    struct Nested: Codable, Sendable {
        var value: Int
    }
}

/// A row with a required field that may be null.
private struct NullableRow: TableRow {
    var name: String
    var expected: Nullable<Int>
}

@Suite("Table reader")
struct TableTests {
    private func read(_ json: String) throws -> [ProbeRow] {
        try Table.rows(from: Data(json.utf8), file: "probe.json", as: ProbeRow.self)
    }

    private func failure(_ json: String) -> String {
        do {
            _ = try read(json)
            return ""
        } catch {
            return "\(error)"
        }
    }

    @Test("A well-formed table reads every row, optional fields included")
    func wellFormedTableReads() throws {
        let rows = try read(#"[{"name": "a", "count": 1}, {"name": "b", "count": 2, "limit": null, "nested": {"value": 3}}]"#)
        #expect(rows.map(\.name) == ["a", "b"])
        #expect(rows[1].nested?.value == 3)
        #expect(rows[0].testDescription == "a")
    }

    @Test("A table with no rows is an error")
    func emptyTableFails() {
        #expect(failure("[]").contains("no rows"))
    }

    @Test("A table that is not a list is an error")
    func nonListFails() {
        #expect(failure(#"{"name": "a"}"#).contains("list of rows"))
        #expect(failure(#"[1]"#).contains("not an object"))
        #expect(failure("[").contains("not JSON"))
    }

    @Test("A row missing a required field fails and names itself and the field")
    func missingFieldFails() {
        let message = failure(#"[{"name": "the broken row"}]"#)
        #expect(message.contains("the broken row"))
        #expect(message.contains(".count"))
    }

    @Test("A row with a field of the wrong type fails and names itself")
    func wrongTypeFails() {
        let message = failure(#"[{"name": "typed wrong", "count": "one"}]"#)
        #expect(message.contains("typed wrong"))
        #expect(message.contains("count"))
    }

    @Test("A misspelt field is an error, not a silently skipped value")
    func unknownFieldFails() {
        let message = failure(#"[{"name": "typo", "count": 1, "limt": 3}]"#)
        #expect(message.contains("typo"))
        #expect(message.contains(".limt"))
    }

    @Test("A misspelt field inside a nested object is an error too")
    func unknownNestedFieldFails() {
        #expect(failure(#"[{"name": "deep", "count": 1, "nested": {"value": 1, "valu": 2}}]"#).contains(".nested.valu"))
    }

    @Test("Two rows with the same name are an error")
    func duplicateNamesFail() {
        #expect(failure(#"[{"name": "twice", "count": 1}, {"name": "twice", "count": 2}]"#).contains("twice"))
    }

    @Test("A table file that does not exist is an error")
    func missingFileFails() {
        #expect(throws: TableError.self) { try Table.rows("no-such-table.json", as: ProbeRow.self) }
    }

    @Test("A nullable expected value may be null but must be written")
    func nullableMustBeWritten() throws {
        let rows = try Table.rows(from: Data(#"[{"name": "n", "expected": null}, {"name": "v", "expected": 3}]"#.utf8),
                                  file: "probe.json", as: NullableRow.self)
        #expect(rows.map(\.expected) == [Nullable(nil), Nullable(3)])
        #expect(throws: TableError.self) {
            try Table.rows(from: Data(#"[{"name": "missing"}]"#.utf8), file: "probe.json", as: NullableRow.self)
        }
    }
}
