import FeedCore
import Foundation
import FeedGObject

/// Reads one page of an RSS 2.0 or Atom feed (a video podcast, a PeerTube
/// or photo site's feed) with libxml2 (``XMLTree``). Pure: bytes in, a
/// ``FeedPage`` or a ``FeedLoadError`` out; any thread.
///
/// Each item (RSS `item`, Atom `entry`) gives posts from, in this order:
/// a Media RSS `media:group` (one post, its default `media:content`, else
/// its first usable one), each `media:content` of the item, a Podcasting
/// 2.0 `podcast:alternateEnclosure` video (one rendition, by
/// ``FeedCore/RenditionChoice``), RSS `enclosure`s, and Atom
/// `link rel="enclosure"`s; the same address twice is one post. Video
/// (`video/*`, `medium="video"`) and picture (`image/*`, `medium="image"`)
/// media become posts, but for a picture that is the author's avatar or an
/// icon (smaller than 200×200); sound and anything else is left
/// out with its reason. `media:thumbnail` (the content's, the group's, the
/// item's) or `itunes:image` is the poster; the title is the item's; the
/// author `author`, `dc:creator`, `itunes:author` or Atom's `author/name`
/// (the entry's, else the feed's); the subtitle the plain text of
/// `media:description` or the item's description or summary. An item's id
/// is its `guid` or Atom `id` (else its link, else the media's address);
/// with several posts each is the id, `#` and its place.
///
/// RFC 5005 paging: a feed-level `link rel="next"` (Atom's, or `atom:link`
/// in an RSS channel) is the next page.
public enum SyndicationDocument {
    static let atom = "http://www.w3.org/2005/Atom"
    static let media = "http://search.yahoo.com/mrss/"
    static let dublinCore = "http://purl.org/dc/elements/1.1/"
    static let itunes = "http://www.itunes.com/dtds/podcast-1.0.dtd"
    static let podcast = "https://podcastindex.org/namespace/1.0"
    /// The page height (device px) a Podcasting 2.0 video rendition is
    /// chosen for when the reader knows none (no page laid out yet).
    public static let renditionPageHeight = 1080

    /// Whether `data` reads as XML that could be a feed: after a byte order
    /// mark and white space it starts with `<?xml`, or its root element,
    /// past any prolog (``FeedFormat/afterProlog(_:)``), is `<rss` or
    /// `<feed`; and it is not an HTML page (``FeedFormat/looksLikeHTML(_:)``).
    public static func recognizes(_ data: Data) -> Bool {
        guard !FeedFormat.looksLikeHTML(data) else { return false }
        let head = FeedFormat.leadingText(data)
        let root = FeedFormat.afterProlog(head)
        return head.hasPrefix("<?xml") || root.hasPrefix("<rss") || root.hasPrefix("<feed")
    }

    /// `renditionHeight`: the height in device pixels a Podcasting 2.0
    /// video rendition is chosen for (the page's, lowered by the quality
    /// setting and the data saver; 0 or less: ``renditionPageHeight``).
    public static func parse(_ data: Data, pageURL: URL, knownIDs: Set<String> = [],
                             renditionHeight: Int = renditionPageHeight) throws(FeedLoadError) -> FeedPage {
        let root: XMLElement
        do {
            root = try XMLTree.parse(data)
        } catch {
            switch error {
            case .notXML(let detail): throw .notXML(detail)
            case .declaresEntities, .tooLarge: throw .refused(error.description)
            }
        }
        let entries: [XMLElement]
        let container: XMLElement
        switch (root.name, root.namespace) {
        case ("rss", nil):
            guard let channel = root.child("channel", in: nil) else { throw .schema(tr("the RSS document has no channel")) }
            container = channel
            entries = channel.children("item", in: nil)
        case ("feed", atom):
            container = root
            entries = root.children("entry", in: atom)
        default:
            throw .schema(tr("the XML document is not an RSS or Atom feed (its root is <%1$s>)").filled(String(root.name.prefix(40))))
        }
        guard entries.count <= FeedDocument.maxItems else {
            throw .tooManyItems(count: entries.count, limit: FeedDocument.maxItems)
        }
        let feedAuthor = container.child("author", in: atom)?.childText("name", in: atom)
            ?? container.childText("author", in: itunes)

        var page = FeedPage(items: [])
        var ids = Set<String>()
        for (index, entry) in entries.enumerated() {
            let media = mediaOf(entry, authors: authors(of: entry) + [feedAuthor].compactMap { $0 },
                                renditionHeight: renditionHeight > 0 ? renditionHeight : renditionPageHeight)
            let avatars = media.filter { $0.kind != nil && $0.isAvatar }
            for _ in avatars {
                page.skipped.append(SkippedFeedItem(index: index, id: identity(of: entry), reason: .avatarOrIcon))
            }
            let usable = media.filter { $0.kind != nil && !$0.isAvatar }
            guard !usable.isEmpty else {
                if avatars.isEmpty {
                    page.skipped.append(SkippedFeedItem(index: index, id: identity(of: entry), reason: .noMedia))
                }
                continue
            }
            let itemPoster = thumbnail(of: entry) ?? entry.child("image", in: itunes)?.attributes["href"]
            let baseID = identity(of: entry) ?? usable[0].url
            for (place, found) in usable.enumerated() {
                let id = usable.count == 1 ? baseID : "\(baseID)#\(place + 1)"
                let raw = FeedDocument.RawItem(
                    id: id, type: found.kind?.rawValue ?? "", uri: found.url,
                    poster: found.kind == .video ? (found.poster ?? itemPoster) : nil,
                    duration: found.duration, title: title(of: entry), subtitle: summary(of: entry, found),
                    author: author(of: entry) ?? feedAuthor, width: found.width, height: found.height,
                    accessibilityLabel: found.label, url: webPage(of: entry))
                switch FeedDocument.validate(raw, pageURL: pageURL) {
                case .failure(let reason):
                    page.skipped.append(SkippedFeedItem(index: index, id: id, reason: reason))
                case .success(let (item, extras)):
                    page.admit(item, extras: extras, index: index, knownIDs: knownIDs, seen: &ids)
                }
            }
        }
        let links = container.children("link", in: atom)
        if let next = links.first(where: { $0.attributes["rel"] == "next" })?.attributes["href"], !next.isEmpty {
            if let url = FeedURLRules.resolve(next, pageURL: pageURL) { page.next = .url(url) } else { page.unusableNext = next }
        }
        return page
    }

    // MARK: One item's parts

    /// A media address an item names, with what it says about it.
    struct Found {
        var url: String
        var kind: FeedItem.Kind?
        var poster: String?
        var width: Int?
        var height: Int?
        var duration: Double?
        var label: String?
        /// A picture that is the author's avatar or an icon, not a post.
        var isAvatar = false
    }

    /// Every media address `entry` names, in the order the module docs
    /// list; `authors`: the names of the item's author, whose avatar is not a post.
    static func mediaOf(_ entry: XMLElement, authors: [String] = [], renditionHeight: Int = renditionPageHeight) -> [Found] {
        var found: [Found] = []
        for group in entry.children("group", in: media) {
            let contents = group.children("content", in: media).compactMap(content)
            let chosen = contents.first { $0.isDefault && $0.found.kind != nil } ?? contents.first { $0.found.kind != nil }
            if var chosen = (chosen ?? contents.first)?.found {
                chosen.poster = chosen.poster ?? thumbnail(of: group)
                chosen.label = chosen.label ?? group.childText("description", in: media)
                found.append(chosen)
            }
        }
        found += entry.children("content", in: media).compactMap { element -> Found? in
            guard var one = content(element)?.found else { return nil }
            one.isAvatar = one.kind == .image && isAvatar(element, one, authors: authors)
            return one
        }
        // Podcasting 2.0: the video versions of an episode whose
        // `enclosure` is its sound, one rendition chosen by height.
        let alternates = entry.children("alternateEnclosure", in: podcast).compactMap { alternate -> Found? in
            guard let url = alternate.children("source", in: podcast).compactMap({ $0.attributes["uri"] }).first,
                  kind(type: alternate.attributes["type"], medium: nil, url: url) == .video else { return nil }
            return Found(url: url, kind: .video, height: alternate.attributes["height"].flatMap { Int($0) })
        }
        if let chosen = RenditionChoice.pick(heights: alternates.map { $0.height ?? 0 }, pageHeight: renditionHeight) {
            found.append(alternates[chosen])
        }
        for enclosure in entry.children("enclosure", in: nil) {
            if let url = enclosure.attributes["url"] {
                found.append(Found(url: url, kind: kind(type: enclosure.attributes["type"], medium: nil, url: url)))
            }
        }
        for link in entry.children("link", in: atom) where link.attributes["rel"] == "enclosure" {
            if let url = link.attributes["href"] {
                found.append(Found(url: url, kind: kind(type: link.attributes["type"], medium: nil, url: url)))
            }
        }
        var seen = Set<String>()
        return found.filter { seen.insert($0.url).inserted }
    }

    private static func content(_ element: XMLElement) -> (found: Found, isDefault: Bool)? {
        guard let url = element.attributes["url"], !url.isEmpty else { return nil }
        let attributes = element.attributes
        let found = Found(url: url, kind: kind(type: attributes["type"], medium: attributes["medium"], url: url),
                          poster: thumbnail(of: element),
                          width: attributes["width"].flatMap { Int($0) }, height: attributes["height"].flatMap { Int($0) },
                          duration: attributes["duration"].flatMap { Double($0) }.flatMap { $0 > 0 ? $0 : nil },
                          label: element.childText("description", in: media))
        return (found, attributes["isDefault"] == "true")
    }

    /// Whether a picture is evidently not a post (FeedCore's ``AvatarRule``).
    private static func isAvatar(_ element: XMLElement, _ found: Found, authors: [String]) -> Bool {
        let credits = element.children("credit", in: media).map {
            AvatarRule.Picture.Credit(role: $0.attributes["role"], name: $0.text)
        }
        let picture = AvatarRule.Picture(url: found.url, title: element.childText("title", in: media), credits: credits,
                                         width: found.width, height: found.height)
        return AvatarRule.isAvatar(picture, authors: authors)
    }

    /// Every name the item gives its author: RSS's `author`, Dublin Core's
    /// `creator`s, iTunes' and Atom's author.
    private static func authors(of entry: XMLElement) -> [String] {
        [entry.childText("author", in: nil), entry.childText("author", in: itunes),
         entry.child("author", in: atom)?.childText("name", in: atom)].compactMap { $0 }
            + entry.children("creator", in: dublinCore).map(\.text)
    }

    /// Video or picture from the MIME type, else the Media RSS medium,
    /// else the address's extension; nil for sound and anything else.
    static func kind(type: String?, medium: String?, url: String) -> FeedItem.Kind? {
        if let type, !type.isEmpty {
            let kind = MediaKindRule.kind(ofMIMEType: type)
            return kind == .audio ? nil : kind
        }
        switch medium?.lowercased() {
        case "video": return .video
        case "image": return .image
        case .some: return nil
        case nil:
            let guessed = MediaKindRule.kind(ofAddress: url)
            return guessed == .audio ? nil : guessed
        }
    }

    private static func thumbnail(of element: XMLElement) -> String? {
        element.child("thumbnail", in: media)?.attributes["url"]
    }

    private static func identity(of entry: XMLElement) -> String? {
        entry.childText("guid", in: nil) ?? entry.childText("id", in: atom) ?? entry.childText("link", in: nil)
            ?? entry.children("link", in: atom).first { ($0.attributes["rel"] ?? "alternate") == "alternate" }?.attributes["href"]
    }

    /// The entry's web page: RSS's `link`, Atom's `link rel="alternate"`
    /// (a link without `rel` is one).
    private static func webPage(of entry: XMLElement) -> String? {
        entry.childText("link", in: nil)
            ?? entry.children("link", in: atom).first { ($0.attributes["rel"] ?? "alternate") == "alternate" }?.attributes["href"]
    }

    /// RSS titles are plain text; Atom's say when they are HTML.
    private static func title(of entry: XMLElement) -> String? {
        if let title = entry.childText("title", in: nil) { return title }
        guard let title = entry.child("title", in: atom), !title.text.isEmpty else { return nil }
        return title.attributes["type"] == "html" || title.attributes["type"] == "xhtml" ? HTMLText.plain(title.text) : title.text
    }

    private static func author(of entry: XMLElement) -> String? {
        entry.childText("author", in: nil) ?? entry.childText("creator", in: dublinCore)
            ?? entry.childText("author", in: itunes) ?? entry.child("author", in: atom)?.childText("name", in: atom)
    }

    private static func summary(of entry: XMLElement, _ found: Found) -> String? {
        let html = entry.childText("description", in: nil) ?? entry.childText("summary", in: atom)
            ?? entry.childText("description", in: media)
        let text = html.map(HTMLText.plain)
        return text?.isEmpty == false ? text : nil
    }
}
