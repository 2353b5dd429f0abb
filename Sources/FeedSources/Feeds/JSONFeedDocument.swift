import FeedCore
import Foundation
import FeedGObject

/// Reads one page of a JSON Feed (https://jsonfeed.org, versions 1.1 and
/// 1.0). Pure: bytes in, a ``FeedPage`` or a ``FeedLoadError`` out; any thread.
///
/// Each item's attachments whose `mime_type` is `video/*` or `image/*`
/// become posts, in order (an item with one such attachment keeps its id;
/// with several, each post's id is the item's id and `#` and the
/// attachment's place). The item's `image` (else `banner_image`) is the
/// poster, its `title` the title, its `summary` (else `content_text`) the
/// subtitle, its first author's `name` (1.1 `authors`, 1.0 `author`) the
/// author; an attachment's `duration_in_seconds` is the duration. `next_url`
/// pages. Fields Flick does not use are ignored, at every level.
///
/// Every post then goes through the same rules as a Flick feed's items
/// (``FeedDocument/validate(_:pageURL:)``): address schemes, bounds, text
/// lengths. An item without a video or picture attachment, or one that
/// would not decode, is left out with its reason; the rest of the page shows.
public enum JSONFeedDocument {
    /// What a JSON Feed's `version` starts with.
    public static let versionPrefix = "https://jsonfeed.org/version/1"
    /// Part of the prefix JSON writes as it is, whether `/` is escaped or not.
    private static let versionMarker = Data("jsonfeed.org".utf8)
    private static let unicodeEscape = Data("\\u".utf8)

    /// Whether `data` is a JSON Feed: a JSON object whose `version` names
    /// one. A page that holds neither the version's host nor a `\u` escape
    /// (which could spell it) cannot, and is told apart by a byte search,
    /// not by a second parse of the page.
    public static func recognizes(_ data: Data) -> Bool {
        guard data.count <= FeedDocument.maxBytes,
              data.range(of: versionMarker) != nil || data.range(of: unicodeEscape) != nil,
              let probe = try? JSONDecoder().decode(VersionProbe.self, from: data) else { return false }
        return probe.version?.hasPrefix(versionPrefix) == true
    }

    /// Parses `data`, fetched from `pageURL` (after redirects). Posts whose
    /// id is in `knownIDs` (shown on an earlier page) are skipped.
    public static func parse(_ data: Data, pageURL: URL, knownIDs: Set<String> = []) throws(FeedLoadError) -> FeedPage {
        guard data.count <= FeedDocument.maxBytes else { throw .tooLarge(bytes: data.count, limit: FeedDocument.maxBytes) }
        let raw: RawFeed
        do {
            raw = try JSONDecoder().decode(RawFeed.self, from: data)
        } catch {
            throw JSONSyntax.problem(in: data).map(FeedLoadError.notJSON)
                ?? .schema(tr("the page is not a JSON Feed (a version, and an items array)"))
        }
        guard raw.version.hasPrefix(versionPrefix) else {
            throw .schema(tr("the page's version \"%1$s\" is not a JSON Feed 1 version").filled(String(raw.version.prefix(80))))
        }
        guard raw.items.count <= FeedDocument.maxItems else {
            throw .tooManyItems(count: raw.items.count, limit: FeedDocument.maxItems)
        }

        var page = FeedPage(items: [])
        var ids = Set<String>()
        for (index, slot) in raw.items.enumerated() {
            guard case .success(let item) = slot.result else {
                page.skipped.append(SkippedFeedItem(index: index, id: nil, reason: .notAnObject))
                continue
            }
            let media = (item.attachments ?? []).filter { $0.kind != nil }
            guard !media.isEmpty else {
                page.skipped.append(SkippedFeedItem(index: index, id: item.id, reason: .noMedia))
                continue
            }
            for (place, attachment) in media.enumerated() {
                let id = media.count == 1 ? item.id : "\(item.id)#\(place + 1)"
                let post = FeedDocument.RawItem(id: id, type: attachment.kind?.rawValue ?? "", uri: attachment.url,
                                                poster: item.image ?? item.bannerImage,
                                                duration: attachment.durationInSeconds,
                                                title: item.title ?? attachment.title,
                                                subtitle: item.summary ?? item.contentText,
                                                author: item.authors?.first?.name ?? item.author?.name, url: item.url,
                                                published: item.datePublished)
                switch FeedDocument.validate(post, pageURL: pageURL) {
                case .failure(let reason):
                    page.skipped.append(SkippedFeedItem(index: index, id: id, reason: reason))
                case .success(let (feedItem, extras)):
                    page.admit(feedItem, extras: extras, index: index, knownIDs: knownIDs, seen: &ids)
                }
            }
        }
        // `next_url` is a URL (relative ones resolved against the page), never a cursor.
        if let next = raw.nextURL, !next.isEmpty {
            if let url = FeedURLRules.resolve(next, pageURL: pageURL) {
                page.next = .url(url)
            } else {
                page.unusableNext = next
            }
        }
        return page
    }

    // MARK: The shapes JSONDecoder reads (only the keys Flick uses)

    private struct VersionProbe: Decodable {
        var version: String?
    }

    private struct RawFeed: Decodable {
        var version: String
        var items: [Slot]
        var nextURL: String?

        enum CodingKeys: String, CodingKey {
            case version, items
            case nextURL = "next_url"
        }
    }

    /// One element of `items`, decoded on its own so one bad item does not fail the page.
    private struct Slot: Decodable {
        var result: Result<RawItem, DecodingError>

        init(from decoder: any Decoder) throws {
            do {
                result = .success(try RawItem(from: decoder))
            } catch let error as DecodingError {
                result = .failure(error)
            }
        }
    }

    private struct Author: Decodable {
        var name: String?
    }

    private struct RawItem: Decodable {
        var id: String
        /// The item's web page.
        var url: String?
        var title: String?
        var summary: String?
        var contentText: String?
        var image: String?
        var bannerImage: String?
        var authors: [Author]?
        var author: Author?
        var attachments: [Attachment]?
        var datePublished: String?

        enum CodingKeys: String, CodingKey {
            case id, url, title, summary, image, authors, author, attachments
            case datePublished = "date_published"
            case contentText = "content_text"
            case bannerImage = "banner_image"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            // The spec says a string; numbers are common in the wild.
            if let number = try? container.decode(Int.self, forKey: .id) {
                id = String(number)
            } else {
                id = try container.decode(String.self, forKey: .id)
            }
            url = try? container.decodeIfPresent(String.self, forKey: .url)
            title = try? container.decodeIfPresent(String.self, forKey: .title)
            summary = try? container.decodeIfPresent(String.self, forKey: .summary)
            contentText = try? container.decodeIfPresent(String.self, forKey: .contentText)
            datePublished = try? container.decodeIfPresent(String.self, forKey: .datePublished)
            image = try? container.decodeIfPresent(String.self, forKey: .image)
            bannerImage = try? container.decodeIfPresent(String.self, forKey: .bannerImage)
            authors = try? container.decodeIfPresent([Author].self, forKey: .authors)
            author = try? container.decodeIfPresent(Author.self, forKey: .author)
            attachments = try container.decodeIfPresent([Lossy<Attachment>].self, forKey: .attachments)?.compactMap(\.value)
        }
    }

    private struct Attachment: Decodable {
        var url: String
        var mimeType: String
        var title: String?
        var durationInSeconds: Double?

        enum CodingKeys: String, CodingKey {
            case url, title
            case mimeType = "mime_type"
            case durationInSeconds = "duration_in_seconds"
        }

        /// A video or a picture; nil for anything else (audio, documents).
        var kind: FeedItem.Kind? {
            let type = mimeType.lowercased()
            if type.hasPrefix("video/") { return .video }
            if type.hasPrefix("image/") { return .image }
            return nil
        }
    }

    /// An element that may not decode: nil then, and the others still do.
    private struct Lossy<Value: Decodable>: Decodable {
        var value: Value?
        init(from decoder: any Decoder) throws { value = try? Value(from: decoder) }
    }
}
