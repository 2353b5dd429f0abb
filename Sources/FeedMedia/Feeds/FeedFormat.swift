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
    /// The first page says which: a JSON Feed when its `version` names
    /// one, a playlist when it starts with `#EXTM3U`, Flick's otherwise;
    /// later pages are read as the first was.
    case detect

    /// The format `data` (a first page) is read as, for `.detect`.
    func resolved(for data: Data) -> FeedFormat {
        guard self == .detect else { return self }
        if JSONFeedDocument.recognizes(data) { return .jsonFeed }
        return M3UDocument.recognizes(data) ? .m3u : .flick
    }

    /// Parses one page in this format (`.detect` reads it as detected).
    func parse(_ data: Data, pageURL: URL, knownIDs: Set<String>) throws(FeedLoadError) -> FeedPage {
        switch resolved(for: data) {
        case .jsonFeed: return try JSONFeedDocument.parse(data, pageURL: pageURL, knownIDs: knownIDs)
        case .m3u: return try M3UDocument.parse(data, pageURL: pageURL, knownIDs: knownIDs)
        case .flick, .detect: return try FeedDocument.parse(data, pageURL: pageURL, knownIDs: knownIDs)
        }
    }
}
