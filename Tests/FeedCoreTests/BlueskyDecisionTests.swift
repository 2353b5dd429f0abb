import FeedCore
import Testing

/// Bluesky's addresses, read as the tables say.
@Suite("Bluesky decisions")
struct BlueskyDecisionTests {
    struct AddressRow: TableRow {
        var name: String
        var text: String
        var scope: String?
        var actor: String?
        var rkey: String?
        var written: String?
        var requiresAccount: Bool?
        var problem: String?
        var notExplicit: Bool?
    }

    @Test("A Bluesky address reads as the row says", arguments: try Table.rows("bluesky-addresses.json", as: AddressRow.self))
    func address(row: AddressRow) throws {
        let parsed = BlueskyAddress.parse(row.text)
        #expect(BlueskyAddress.isExplicit(row.text) == (row.notExplicit != true), "\(row.name)")
        if row.notExplicit == true {
            #expect(parsed == nil, "\(row.name)")
            return
        }
        if let problem = row.problem {
            guard case .failure(let found)? = parsed else {
                Issue.record("\(row.name): expected a problem, got \(String(describing: parsed))")
                return
            }
            #expect("\(found.kind)" == problem, "\(row.name)")
            #expect(found.description.contains(row.text.prefix(20)), "\(row.name): \(found)")
            return
        }
        guard case .success(let address)? = parsed else {
            Issue.record("\(row.name): expected an address, got \(String(describing: parsed))")
            return
        }
        let (scope, rkey): (String, String?) = switch address.scope {
        case .author: ("author", nil)
        case .feed(_, let rkey): ("feed", rkey)
        case .post(_, let rkey): ("post", rkey)
        case .home: ("home", nil)
        }
        #expect(scope == row.scope, "\(row.name)")
        #expect(address.actor == row.actor, "\(row.name)")
        #expect(rkey == row.rkey, "\(row.name)")
        #expect(address.text == row.written, "\(row.name)")
        #expect(address.requiresAccount == (row.requiresAccount ?? false), "\(row.name)")
        // Written back, it reads as the same address.
        #expect(BlueskyAddress.parse(address.text) == .success(address), "\(row.name)")
    }

    struct RecordRow: TableRow {
        var name: String
        var uri: String
        var repo: String?
        var collection: String?
        var rkey: String?
    }

    @Test("A record's AT URI reads as the row says", arguments: try Table.rows("bluesky-record-uris.json", as: RecordRow.self))
    func recordURI(row: RecordRow) {
        let record = BlueskyAddress.recordURI(row.uri)
        #expect(record?.repo == row.repo && record?.collection == row.collection && record?.rkey == row.rkey, "\(row.name)")
    }
}
