import Foundation
import Testing
@testable import FeedCore

/// One row of `media-kind.json`: an address or a MIME type, and the kind it names.
struct MediaKindRow: TableRow {
    var name: String
    var address: String?
    var mimeType: String?
    var pictureLoadable: Bool?
    var expected: FeedItem.Kind?
}

struct MediaKindRuleTests {
    @Test("An address's extension or a MIME type names the kind its row says",
          arguments: try Table.rows("media-kind.json", as: MediaKindRow.self))
    func kind(row: MediaKindRow) {
        if let address = row.address {
            #expect(MediaKindRule.kind(ofAddress: address) == row.expected, "\(row.name)")
        }
        if let type = row.mimeType {
            #expect(MediaKindRule.kind(ofMIMEType: type, pictureLoadable: row.pictureLoadable ?? true) == row.expected,
                    "\(row.name)")
        }
        #expect(row.address != nil || row.mimeType != nil, "\(row.name): a row names an address or a type")
    }
}
