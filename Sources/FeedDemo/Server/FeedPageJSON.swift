import Foundation

/// A page of the feed format (data/feed.schema.json) as servers write it:
/// the built-in demo server and `flick serve`. The reading side is
/// `FeedDocument`, which is lenient where this is exact.
public struct FeedPageJSON: Encodable, Sendable {
    /// One item, with the format's field names.
    public struct Item: Encodable, Sendable {
        public var id: String
        public var type: String
        public var uri: String
        public var poster: String?
        public var width: Int?
        public var height: Int?
        public var duration: Double?
        public var title: String?
        public var subtitle: String?
        public var author: String?
        public var likes: Int?
        public var liked: Bool?
        public var likeURL: String?
        public var accessibilityLabel: String?

        public init(id: String, type: String, uri: String, poster: String? = nil, width: Int? = nil,
                    height: Int? = nil, duration: Double? = nil, title: String? = nil, subtitle: String? = nil,
                    author: String? = nil, likes: Int? = nil, liked: Bool? = nil, likeURL: String? = nil,
                    accessibilityLabel: String? = nil) {
            self.id = id
            self.type = type
            self.uri = uri
            self.poster = poster
            self.width = width
            self.height = height
            self.duration = duration
            self.title = title
            self.subtitle = subtitle
            self.author = author
            self.likes = likes
            self.liked = liked
            self.likeURL = likeURL
            self.accessibilityLabel = accessibilityLabel
        }
    }

    public var items: [Item]
    /// The cursor or URL of the next page; nil writes `null` (the end).
    public var next: String?

    public init(items: [Item], next: String?) {
        self.items = items
        self.next = next
    }

    private enum CodingKeys: String, CodingKey { case items, next }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(items, forKey: .items)
        try container.encode(next, forKey: .next) // null on the last page, not missing
    }

    /// The page as JSON with sorted keys and unescaped slashes, or nil.
    public func data() -> Data? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try? encoder.encode(self)
    }
}
