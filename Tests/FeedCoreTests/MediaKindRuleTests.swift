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

struct LemmyLinkRow: TableRow {
    var name: String
    var url: String?
    var contentType: String?
    var embedVideo: String?
    var serverIsLoopback: Bool?
    /// video, image or peertube; nil when the post is skipped.
    var kind: String?
    /// The media address, or the PeerTube instance.
    var target: String?
    /// The PeerTube video's id.
    var id: String?
    /// The ``LemmyLink/Reason`` case when skipped.
    var skip: String?
}

/// What a Lemmy post's link shows: a video, a picture, a PeerTube video, or nothing and why.
struct LemmyLinkTests {
    @Test("A Lemmy post's link decides as the row says", arguments: try Table.rows("lemmy-links.json", as: LemmyLinkRow.self))
    func link(row: LemmyLinkRow) {
        let decision = LemmyLink.decide(url: row.url, contentType: row.contentType, embedVideo: row.embedVideo,
                                        serverIsLoopback: row.serverIsLoopback ?? false)
        let expected: LemmyLink.Decision = switch row.kind {
        case "video": .video(row.target ?? "")
        case "image": .image(row.target ?? "")
        case "peertube": .peertube(base: row.target ?? "", id: row.id ?? "")
        default: .skip(Self.reason(row.skip))
        }
        #expect(decision == expected, "\(row.name)")
    }

    private static func reason(_ name: String?) -> LemmyLink.Reason {
        switch name {
        case "noLink": .noLink
        case "notWeb": .notWeb
        case "privateAddress": .privateAddress
        default: .notMedia
        }
    }
}
