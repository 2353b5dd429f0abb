import Foundation
import Testing
@testable import FeedMedia
@testable import FeedDemo

/// data/feed.schema.json against the pages the tests use: the examples that
/// Flick reads in full must match it, the ones with bad items must not.
/// The checker covers the keywords the schema uses for structure (type,
/// required, properties, items, enum, minimum, minLength, maxItems, $ref);
/// patterns are left to real validators.
@Suite struct FeedSchemaTests {
    static func schema() throws -> [String: Any] {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("data/feed.schema.json")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        return try #require(object as? [String: Any])
    }

    @Test func theSchemaIsDraft2020WithTheFeedsRequiredKeys() throws {
        let schema = try Self.schema()
        #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        #expect(schema["required"] as? [String] == ["items"])
        let item = try #require((schema["$defs"] as? [String: Any])?["item"] as? [String: Any])
        #expect(item["required"] as? [String] == ["id", "type", "uri"])
        let properties = try #require(item["properties"] as? [String: Any])
        let fields = ["id", "type", "uri", "poster", "width", "height", "duration", "headers", "cacheKey", "title",
                      "subtitle", "author", "likes", "liked", "likeURL", "accessibilityLabel", "url", "captions"]
        #expect(Set(properties.keys) == Set(fields))
    }

    @Test(arguments: FeedPageExample.all)
    func examplePagesMatchTheSchemaExactlyWhenNothingIsSkipped(_ example: FeedPageExample) throws {
        let schema = try Self.schema()
        let page = try JSONValue.parse(Data(example.json.utf8))
        let problems = SchemaCheck(root: schema).problems(page, against: schema, at: "$")
        #expect(problems.isEmpty == example.valid, "\(problems)")
    }

    @Test func theDemoFeedsPagesMatchTheSchema() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let (library, assets) = try FeedDemoServerTests.fakeLibrary(in: temp.url)
        let feed = DemoFeedServer(library: library, assets: assets, itemCount: 120, pageSize: 60)
        let schema = try Self.schema()
        for cursor in [nil, "offset-60"] {
            let data = try #require(feed.page(cursor: cursor, baseURL: URL(string: "http://127.0.0.1:8080/")!))
            let problems = SchemaCheck(root: schema).problems(try JSONValue.parse(data),
                                                              against: schema, at: "$")
            #expect(problems.isEmpty, "\(problems)")
        }
    }

    @Test func theCheckerCatchesMissingKeysAndWrongTypes() throws {
        let schema = try Self.schema()
        let page = try JSONValue.parse(Data(#"{"items":[{"id":"a","uri":"x"},{"id":"b","type":"video","uri":"y","width":"1"}],"next":3}"#.utf8))
        let problems = SchemaCheck(root: schema).problems(page, against: schema, at: "$")
        #expect(problems.contains("$.items[0]: no type"))
        #expect(problems.contains("$.items[1].width: not integer"))
        #expect(problems.contains("$.next: not string, null"))
    }
}

/// Any JSON value, decoded with JSONDecoder so booleans and numbers stay apart.
enum JSONValue: Decodable {
    case object([String: JSONValue])
    case array([JSONValue])
    case string(String)
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case null

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Int.self) { self = .integer(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    static func parse(_ data: Data) throws -> JSONValue { try JSONDecoder().decode(JSONValue.self, from: data) }

    /// Whether the value is of JSON Schema type `type`.
    func `is`(_ type: String) -> Bool {
        switch (self, type) {
        case (.object, "object"), (.array, "array"), (.string, "string"), (.bool, "boolean"), (.null, "null"),
             (.integer, "integer"), (.integer, "number"), (.number, "number"): return true
        default: return false
        }
    }
}

/// A small structural JSON Schema check, enough for the feed schema.
struct SchemaCheck {
    var root: [String: Any]

    func problems(_ value: JSONValue, against schema: [String: Any], at path: String) -> [String] {
        if let ref = schema["$ref"] as? String, ref.hasPrefix("#/$defs/"),
           let target = (root["$defs"] as? [String: Any])?[String(ref.dropFirst("#/$defs/".count))] as? [String: Any] {
            return problems(value, against: target, at: path)
        }
        var found: [String] = []
        let types: [String] = (schema["type"] as? [String]) ?? (schema["type"] as? String).map { [$0] } ?? []
        if !types.isEmpty, !types.contains(where: value.is) {
            return ["\(path): not \(types.joined(separator: ", "))"]
        }
        if let choices = schema["enum"] as? [String] {
            if case .string(let text) = value, choices.contains(text) {} else { found.append("\(path): not one of \(choices)") }
        }
        switch value {
        case .string(let text):
            if let minLength = schema["minLength"] as? Int, text.count < minLength {
                found.append("\(path): shorter than \(minLength)")
            }
        case .integer(let number):
            if let minimum = schema["minimum"] as? Int, number < minimum { found.append("\(path): below \(minimum)") }
        case .number(let number):
            if let minimum = schema["minimum"] as? Int, number < Double(minimum) { found.append("\(path): below \(minimum)") }
        case .object(let object):
            for key in schema["required"] as? [String] ?? [] where object[key] == nil {
                found.append("\(path): no \(key)")
            }
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for (key, child) in object.sorted(by: { $0.key < $1.key }) {
                if let childSchema = properties[key] as? [String: Any] {
                    found += problems(child, against: childSchema, at: "\(path).\(key)")
                } else if let extra = schema["additionalProperties"] as? [String: Any] {
                    found += problems(child, against: extra, at: "\(path).\(key)")
                }
            }
        case .array(let array):
            if let maxItems = schema["maxItems"] as? Int, array.count > maxItems {
                found.append("\(path): more than \(maxItems) items")
            }
            if let itemSchema = schema["items"] as? [String: Any] {
                for (index, element) in array.enumerated() {
                    found += problems(element, against: itemSchema, at: "\(path)[\(index)]")
                }
            }
        case .bool, .null:
            break
        }
        return found
    }
}
