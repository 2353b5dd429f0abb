import FeedCore
import Foundation
import FeedGObject

/// Reads one page of a JSON feed. Pure: bytes in, a ``FeedPage`` or a
/// ``FeedLoadError`` out; any thread.
///
/// The format (see `data/feed.schema.json`):
///
/// ```json
/// { "items": [ { "id": "a1", "type": "video", "uri": "https://cdn.example/a1.mp4",
///                "poster": "https://cdn.example/a1.jpg", "width": 720, "height": 1280 } ],
///   "next": "opaque-cursor" }
/// ```
///
/// - Unknown fields are ignored, at every level.
/// - A bad item (missing or wrongly typed field, unknown `type`, a media
///   address that is not http(s) on a remote feed, a duplicate id, a number
///   or key outside ``FeedValueRules``' bounds) is left out with its reason;
///   the rest of the page still shows. Shown texts are cut to
///   ``FeedValueRules/maxTextScalars``.
/// - The page as a whole is refused when it is over ``maxBytes``, has more
///   than ``maxItems`` items, is not JSON, or is not an object with an
///   `items` array (and a string or null `next`).
/// - `uri`, `poster` and `likeURL` may be relative; they are resolved against
///   the page's URL.
public enum FeedDocument {
    /// The largest page accepted: 8 MB (8 × 1,048,576 bytes).
    public static let maxBytes = 8 * 1_048_576
    /// The most items a page may hold.
    public static let maxItems = 1_000

    /// Parses `data`, fetched from `pageURL` (after redirects). Items whose
    /// id is in `knownIDs` (shown on an earlier page) are skipped.
    public static func parse(_ data: Data, pageURL: URL, knownIDs: Set<String> = []) throws(FeedLoadError) -> FeedPage {
        guard data.count <= maxBytes else { throw .tooLarge(bytes: data.count, limit: maxBytes) }
        let raw = try decode(data)
        guard raw.items.count <= maxItems else { throw .tooManyItems(count: raw.items.count, limit: maxItems) }

        var page = FeedPage(items: [])
        var ids = Set<String>()
        for (index, slot) in raw.items.enumerated() {
            switch slot.result {
            case .failure(let error):
                page.skipped.append(SkippedFeedItem(index: index, id: error.id, reason: error.reason))
            case .success(let item):
                switch validate(item, pageURL: pageURL) {
                case .failure(let reason):
                    page.skipped.append(SkippedFeedItem(index: index, id: item.id, reason: reason))
                case .success(let (feedItem, extras)):
                    page.admit(feedItem, extras: extras, index: index, knownIDs: knownIDs, seen: &ids)
                }
            }
        }
        if let next = FeedNext.parse(raw.next, pageURL: pageURL) {
            page.next = next
        } else {
            page.unusableNext = raw.next
        }
        return page
    }

    /// Decodes the page's shape, mapping the decoder's errors to one-line reasons.
    private static func decode(_ data: Data) throws(FeedLoadError) -> RawPage {
        do {
            return try JSONDecoder().decode(RawPage.self, from: data)
        } catch let error as DecodingError {
            switch error {
            case .dataCorrupted(let context) where context.codingPath.isEmpty:
                throw JSONSyntax.problem(in: data).map(FeedLoadError.notJSON) ?? .schema(notAFeed)
            case .keyNotFound(let key, let context) where context.codingPath.isEmpty:
                throw .schema(tr("the page has no \"%1$s\" array").filled(key.stringValue))
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
                throw .schema(shapeProblem(context.codingPath))
            case .keyNotFound(_, let context):
                throw .schema(shapeProblem(context.codingPath))
            @unknown default:
                throw .schema(notAFeed)
            }
        } catch {
            throw JSONSyntax.problem(in: data).map(FeedLoadError.notJSON) ?? .schema(notAFeed)
        }
    }

    private static var notAFeed: String { tr("the page does not have the feed's shape") }

    private static func shapeProblem(_ path: [any CodingKey]) -> String {
        switch path.first?.stringValue {
        case nil: return tr("the page is not a JSON object")
        case "items": return tr("\"items\" is not an array")
        case "next": return tr("\"next\" is neither a string nor null")
        case let key?: return tr("\"%1$s\" has the wrong type").filled(key)
        }
    }

    /// Applies the item rules to a decoded item.
    static func validate(_ raw: RawItem, pageURL: URL) -> Result<(FeedItem, RemoteItemExtras), SkippedFeedItem.Reason> {
        guard !raw.id.isEmpty else { return .failure(.emptyID) }
        guard FeedValueRules.isKeySized(raw.id) else { return .failure(.tooLong(field: "id")) }
        if let cacheKey = raw.cacheKey, !FeedValueRules.isKeySized(cacheKey) { return .failure(.tooLong(field: "cacheKey")) }
        guard let kind = FeedItem.Kind(rawValue: raw.type) else { return .failure(.unknownType(raw.type)) }
        guard let uri = FeedURLRules.resolve(raw.uri, pageURL: pageURL) else {
            return .failure(.unsupportedURI(field: "uri", value: raw.uri))
        }
        var poster: URL?
        if let value = raw.poster {
            guard let resolved = FeedURLRules.resolve(value, pageURL: pageURL) else {
                return .failure(.unsupportedURI(field: "poster", value: value))
            }
            poster = resolved
        }
        var likeURL: URL?
        if let value = raw.likeURL {
            guard let resolved = FeedURLRules.resolve(value, pageURL: pageURL),
                  MediaLocation(resolved.absoluteString).isNetwork else {
                return .failure(.unsupportedURI(field: "likeURL", value: value))
            }
            likeURL = resolved
        }
        for (field, value) in [("width", raw.width), ("height", raw.height)] {
            if let value, !FeedValueRules.pixelRange.contains(value) { return .failure(.outOfRange(field: field)) }
        }
        if let duration = raw.duration, !FeedValueRules.durationRange.contains(duration) {
            return .failure(.outOfRange(field: "duration"))
        }
        if let likes = raw.likes, !FeedValueRules.likesRange.contains(likes) { return .failure(.outOfRange(field: "likes")) }
        let headers = raw.headers ?? [:]
        if headers.count > FeedValueRules.maxHeaders { return .failure(.tooLong(field: "headers")) }
        if let bad = headers.first(where: { !HTTPHeaderRules.isValid(name: $0.key, value: $0.value)
                                            || $0.value.utf8.count > FeedValueRules.maxHeaderValueBytes }) {
            return .failure(.invalidHeader(String(bad.key.unicodeScalars.prefix(64))))
        }

        // Captions on http(s) only (a feed never names a file of this
        // computer), at most a few; a language that is no tag is unknown.
        let captions = (raw.captions ?? []).prefix(FeedValueRules.maxCaptions).compactMap { caption -> CaptionTrack? in
            guard let url = FeedURLRules.resolve(caption.uri, pageURL: pageURL),
                  case let location = MediaLocation(url.absoluteString), location == .http || location == .https else { return nil }
            return CaptionTrack(language: CaptionChoice.acceptedLanguage(caption.language), uri: url.absoluteString)
        }
        let item = FeedItem(id: raw.id, kind: kind, uri: uri.absoluteString, poster: poster?.absoluteString,
                            width: raw.width, height: raw.height, duration: raw.duration,
                            title: FeedValueRules.boundedText(raw.title),
                            subtitle: FeedValueRules.boundedText(raw.subtitle),
                            author: FeedValueRules.boundedText(raw.author),
                            accessibilityLabel: FeedValueRules.boundedText(raw.accessibilityLabel),
                            captions: Array(captions))
        // A page address that is not an http(s) URL is left out; the post
        // still plays, and sharing it gives its media's address.
        let webPage = raw.url.flatMap { FeedURLRules.resolve($0, pageURL: pageURL) }
            .flatMap { MediaLocation($0.absoluteString).isNetwork ? $0 : nil }
        var extras = RemoteItemExtras(headers: headers, cacheKey: raw.cacheKey, likes: raw.likes,
                                      liked: raw.liked, likeURL: likeURL, webPage: webPage)
        extras.publishedAt = FeedValueRules.published(raw.published)
        return .success((item, extras))
    }
}
