import Foundation
import Testing

/// A row of a decision table: a JSON object with a unique `name` plus the
/// inputs and expected outputs of one case.
protocol TableRow: Codable, Sendable, CustomTestStringConvertible {
    /// Says what the case is about; every failure message starts with it.
    var name: String { get }
}

extension TableRow {
    var testDescription: String { name }
}

/// Why a table could not be read. Every one of these fails the test that
/// asked for the table, so a typo never silently drops a case.
struct TableError: Error, CustomStringConvertible {
    var description: String
}

/// Reads the JSON decision tables under `Tables/`.
///
/// Strict on purpose: the file must be a non-empty list of objects, every row
/// must decode (missing required fields and wrong types throw), names must be
/// unique, and a field the row type does not know (a misspelt key) is an
/// error rather than something to skip.
enum Table {
    static func rows<Row: TableRow>(_ file: String, as type: Row.Type = Row.self) throws -> [Row] {
        guard let folder = Bundle.module.url(forResource: "Tables", withExtension: nil) else {
            throw TableError(description: "the Tables folder is missing from the test bundle")
        }
        let url = folder.appendingPathComponent(file)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw TableError(description: "\(file): cannot be read: \(error)")
        }
        return try rows(from: data, file: file, as: type)
    }

    /// Decodes a table already read; `file` only names it in errors.
    static func rows<Row: TableRow>(from data: Data, file: String, as type: Row.Type = Row.self) throws -> [Row] {
        let list: Any
        do {
            list = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw TableError(description: "\(file): is not JSON: \(error)")
        }
        guard let list = list as? [Any] else {
            throw TableError(description: "\(file): the top level must be a list of rows")
        }
        guard !list.isEmpty else {
            throw TableError(description: "\(file): the table has no rows")
        }
        var rows: [Row] = []
        var names = Set<String>()
        for (position, element) in list.enumerated() {
            guard let object = element as? [String: Any] else {
                throw TableError(description: "\(file): row \(position + 1) is not an object")
            }
            let label = (object["name"] as? String).map { "row \"\($0)\"" } ?? "row \(position + 1)"
            let rowData = try JSONSerialization.data(withJSONObject: object)
            let row: Row
            do {
                row = try JSONDecoder().decode(Row.self, from: rowData)
            } catch {
                throw TableError(description: "\(file): \(label) is malformed: \(describe(error))")
            }
            let known = try JSONSerialization.jsonObject(with: JSONEncoder().encode(row))
            if let path = unknownField(in: object, known: known, path: "") {
                throw TableError(description: "\(file): \(label) has an unknown field \(path)")
            }
            guard names.insert(row.name).inserted else {
                throw TableError(description: "\(file): two rows are named \"\(row.name)\"")
            }
            rows.append(row)
        }
        return rows
    }

    /// The first key present in `given` (with a non-null value) that the
    /// decoded row does not encode again, i.e. a field its type does not have.
    private static func unknownField(in given: Any, known: Any, path: String) -> String? {
        if let given = given as? [String: Any] {
            let known = known as? [String: Any] ?? [:]
            for key in given.keys.sorted() {
                guard let value = given[key], !(value is NSNull) else { continue }
                guard let knownValue = known[key] else { return path + "." + key }
                if let found = unknownField(in: value, known: knownValue, path: path + "." + key) {
                    return found
                }
            }
        } else if let given = given as? [Any], let known = known as? [Any] {
            for (i, value) in given.enumerated() where i < known.count {
                if let found = unknownField(in: value, known: known[i], path: path + "[\(i)]") {
                    return found
                }
            }
        }
        return nil
    }

    private static func describe(_ error: Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func at(_ path: [CodingKey]) -> String {
            path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "required field \(at(context.codingPath + [key])) is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(at(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}

/// A field that must be present in a row but may be `null`, for expected
/// outputs that are optional: `Optional` alone would let a missing key pass.
struct Nullable<Value: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    var value: Value?

    init(_ value: Value?) {
        self.value = value
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        value = container.decodeNil() ? nil : try container.decode(Value.self)
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value { try container.encode(value) } else { try container.encodeNil() }
    }
}
