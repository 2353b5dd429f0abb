import FeedCore
import FeedGObject
import Foundation

/// A post a service source (PeerTube, Mastodon) read from its API, before
/// the feed's item rules: it goes through the same checks as a Flick
/// feed's items (``FeedDocument/validate(_:pageURL:)``: address schemes,
/// bounds, text lengths). Pure; any thread.
struct ServicePost {
    var id: String
    var kind: FeedItem.Kind
    var uri: String
    var poster: String?
    var width: Int?
    var height: Int?
    var duration: Double?
    var title: String?
    /// A line under the title: which picture of several, who reposted it.
    var subtitle: String?
    var author: String?
    var likes: Int?
    var accessibilityLabel: String?
    var sensitive = false
    var webPage: String?
    var silentLoop = false
    /// What the user's account says: liked (Mastodon's `favourited`).
    var liked: Bool?
    /// The id a like names on the service.
    var servicePostID: String?
    /// A Lemmy community, a PeerTube channel: For You's tags beyond the words.
    var tags: [String] = []
    /// When it was published (RFC 3339), for For You's freshness.
    var published: String?

    /// The largest page of a Bluesky, Loops, Pixelfed or Lemmy server read,
    /// in bytes (a page of 20 to 40 posts is some 100 KB).
    static let maxPageBytes = 4 * 1_048_576

    /// "2 of 4": which of a post's several pictures (or clips) this is,
    /// `place` counted from 0, for the line under its title.
    static func placeLine(_ place: Int, of count: Int) -> String {
        tr("%1$s of %2$s").filled(Translation.number(place + 1), Translation.number(count))
    }

    /// The longest service post id kept, in bytes.
    static let maxServiceIDBytes = 200

    /// The checked item and what the service said beyond it; relative
    /// addresses resolved against `pageURL` (the API answer's URL).
    func validated(pageURL: URL) -> Result<(FeedItem, RemoteItemExtras), SkippedFeedItem.Reason> {
        let raw = FeedDocument.RawItem(id: id, type: kind.rawValue, uri: uri, poster: poster, duration: duration,
                                       title: title, subtitle: subtitle, author: author, width: width, height: height,
                                       likes: likes, accessibilityLabel: accessibilityLabel, url: webPage, published: published)
        return FeedDocument.validate(raw, pageURL: pageURL).map { item, extras in
            var extras = extras
            extras.sensitive = sensitive
            extras.silentLoop = silentLoop
            extras.liked = liked
            extras.tags = PostTags.checked(tags)
            // Ids go into API paths: letters, digits, `-` and `_` only.
            extras.servicePostID = servicePostID.flatMap { id in
                !id.isEmpty && id.utf8.count <= Self.maxServiceIDBytes
                    && id.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_") }
                    ? id : nil
            }
            return (item, extras)
        }
    }
}
