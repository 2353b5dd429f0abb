import FeedCore
import Foundation
import Testing

/// Where a Bluesky account lives, read as the tables say.
@Suite("Bluesky identity")
struct BlueskyIdentityTests {
    struct Row: TableRow {
        var name: String
        var did: String
        var plcDirectory: String?
        var documentURL: String?
        var document: AnyJSON?
        var pds: String?
        var refusal: String?
    }

    /// A JSON value of any shape, decoded and encoded again as it was.
    indirect enum AnyJSON: Codable, Sendable {
        case string(String), number(Double), bool(Bool), null, array([AnyJSON]), object([String: AnyJSON])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() { self = .null }
            else if let value = try? container.decode(Bool.self) { self = .bool(value) }
            else if let value = try? container.decode(Double.self) { self = .number(value) }
            else if let value = try? container.decode(String.self) { self = .string(value) }
            else if let value = try? container.decode([AnyJSON].self) { self = .array(value) }
            else { self = .object(try container.decode([String: AnyJSON].self)) }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .string(let value): try container.encode(value)
            case .number(let value): try container.encode(value)
            case .bool(let value): try container.encode(value)
            case .null: try container.encodeNil()
            case .array(let value): try container.encode(value)
            case .object(let value): try container.encode(value)
            }
        }
    }

    @Test("A DID's document address and a document's PDS are as the row says",
          arguments: try Table.rows("bluesky-identity.json", as: Row.self))
    func identity(row: Row) throws {
        if let directory = row.plcDirectory {
            #expect(BlueskyIdentity.documentURL(did: row.did, plcDirectory: directory) == row.documentURL, "\(row.name)")
        }
        guard let document = row.document else { return }
        switch BlueskyIdentity.pds(in: try JSONEncoder().encode(document), did: row.did) {
        case .success(let pds):
            #expect(pds == row.pds, "\(row.name)")
            #expect(row.refusal == nil, "\(row.name): expected \(row.refusal ?? "")")
        case .failure(let refusal):
            #expect("\(refusal)" == row.refusal, "\(row.name): \(refusal.rawValue)")
        }
    }
}
