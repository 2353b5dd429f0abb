import FeedGObject
import Foundation

/// Which format a feed's pages are read as.
public enum FeedFormat: Sendable, Equatable {
    /// Flick's own (``FeedDocument``, `data/feed.schema.json`).
    case flick
    /// JSON Feed 1.1 or 1.0 (``JSONFeedDocument``).
    case jsonFeed
    /// An M3U or M3U8 playlist, one page (``M3UDocument``); an HLS
    /// playlist is one post.
    case m3u
    /// RSS 2.0 or Atom, with enclosures and Media RSS (``SyndicationDocument``).
    case syndication
    /// A Mastodon timeline: an array of statuses, paged by the `Link`
    /// header (``MastodonDocument``). Never detected: a Mastodon address says it.
    case mastodon
    /// A Pixelfed timeline: Mastodon's statuses with Pixelfed's extended
    /// media (`hls_manifest`), paged by `max_id` when no `Link` header comes.
    case pixelfed
    /// A Loops feed: `data` and the cursor in `meta` (``LoopsDocument``).
    case loops
    /// A Lemmy post list: `posts` and `next_page` (``LemmyDocument``).
    case lemmy
    /// A Bluesky feed from the AppView: a `cursor` and a `feed` of posts
    /// (``BlueskyDocument``). Never detected: a Bluesky address says it.
    case bluesky
    /// The first page says which: a JSON Feed when its `version` names
    /// one, a playlist when it starts with `#EXTM3U`, RSS or Atom when it
    /// is XML, Flick's otherwise; later pages are read as the first was. An
    /// HTML page is no feed at all (``FeedLoadError/noFeed(url:found:)``).
    case detect

    /// The format `data` (a first page) is read as, for `.detect`.
    func resolved(for data: Data) -> FeedFormat {
        guard self == .detect else { return self }
        if JSONFeedDocument.recognizes(data) { return .jsonFeed }
        if M3UDocument.recognizes(data) { return .m3u }
        return SyndicationDocument.recognizes(data) ? .syndication : .flick
    }

    /// Parses one page in this format (`.detect` reads it as detected).
    /// `headers`: the answer's kept headers, by lowercased name (`link`).
    /// `renditionHeight`: what a video's renditions are chosen for (see
    /// ``SyndicationDocument/parse(_:pageURL:knownIDs:renditionHeight:)``).
    func parse(_ data: Data, pageURL: URL, headers: [String: String] = [:],
               knownIDs: Set<String>, renditionHeight: Int = SyndicationDocument.renditionPageHeight) throws(FeedLoadError) -> FeedPage {
        switch resolved(for: data) {
        case .mastodon: return try MastodonDocument.parse(data, pageURL: pageURL, headers: headers, knownIDs: knownIDs)
        case .pixelfed:
            return try MastodonDocument.parse(data, pageURL: pageURL, headers: headers, knownIDs: knownIDs, pixelfed: true)
        case .loops: return try LoopsDocument.parse(data, pageURL: pageURL, knownIDs: knownIDs)
        case .lemmy: return try LemmyDocument.parse(data, pageURL: pageURL, knownIDs: knownIDs)
        case .bluesky: return try BlueskyDocument.parse(data, pageURL: pageURL, knownIDs: knownIDs)
        case .jsonFeed: return try JSONFeedDocument.parse(data, pageURL: pageURL, knownIDs: knownIDs)
        case .m3u: return try M3UDocument.parse(data, pageURL: pageURL, knownIDs: knownIDs)
        case .syndication:
            return try SyndicationDocument.parse(data, pageURL: pageURL, knownIDs: knownIDs, renditionHeight: renditionHeight)
        case .flick, .detect:
            if self == .detect && Self.looksLikeHTML(data) {
                throw .noFeed(url: pageURL.absoluteString, found: tr("it is a web page (HTML), not a feed"))
            }
            return try FeedDocument.parse(data, pageURL: pageURL, knownIDs: knownIDs)
        }
    }

    /// Whether `data` starts as an HTML page does: `<!doctype html` or
    /// `<html` (any case), after a byte order mark, white space, comments
    /// and processing instructions.
    static func looksLikeHTML(_ data: Data) -> Bool {
        let head = afterProlog(leadingText(data))
        return head.hasPrefix("<!doctype html") || head.hasPrefix("<html")
    }

    /// `head` (lowercased) past what may come before an XML document's root
    /// element, as publishers write it: white space, comments, processing
    /// instructions (the XML declaration, `xml-stylesheet`) and a document
    /// type other than HTML's. An internal subset is skipped whole; the
    /// parser refuses its entity declarations later, with its own reason.
    static func afterProlog(_ head: String) -> String {
        var rest = Substring(head)
        while true {
            rest = rest.drop { $0.isWhitespace }
            let end: String
            if rest.hasPrefix("<!--") { end = "-->" }
            else if rest.hasPrefix("<?") { end = "?>" }
            else if rest.hasPrefix("<!doctype"), !rest.hasPrefix("<!doctype html") {
                let close = rest.firstIndex(of: ">") ?? rest.endIndex
                end = rest[..<close].contains("[") ? "]>" : ">"
            } else { return String(rest) }
            guard let range = rest.range(of: end) else { return "" }
            rest = rest[range.upperBound...]
        }
    }

    /// The first 8 KiB as lowercased text, without a byte order mark or
    /// leading white space (a prolog of comments can be long).
    static func leadingText(_ data: Data) -> String {
        let text = String(decoding: data.prefix(8192), as: UTF8.self).lowercased()
        return String(text.drop { $0 == "\u{FEFF}" || $0.isWhitespace })
    }
}
