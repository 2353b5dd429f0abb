import Foundation

/// What a remote feed says about an item beyond ``FeedCore/FeedItem``'s
/// fields, keyed by item id next to the items.
public struct RemoteItemExtras: Sendable, Hashable {
    /// HTTP headers to send with every request for the item's media and
    /// poster (tokens, cookies). Names are HTTP tokens, values have no line breaks.
    public var headers: [String: String]
    /// The key the disk cache files the media under, when the feed gives one
    /// (URLs with expiring signatures); otherwise the cache keys on the URL.
    public var cacheKey: String?
    /// How many likes the item has.
    public var likes: Int?
    /// Whether the user has liked it.
    public var liked: Bool?
    /// Where a like is sent (an absolute http(s) URL, resolved against the page).
    public var likeURL: URL?
    /// The service marked it sensitive (Mastodon's `sensitive`, PeerTube's `nsfw`).
    public var sensitive: Bool
    /// The post's own web page on its service (an http(s) URL).
    public var webPage: URL?
    /// A GIF-like clip (Mastodon's `gifv`): it loops whatever the loop
    /// setting says, and never makes a sound.
    public var silentLoop: Bool
    /// The id a like on the service names (a Mastodon status's, a
    /// PeerTube video's): the source's ``ServiceLikes`` sends it there.
    public var servicePostID: String?
    /// Bluesky: the post's CID and the user's like record, for a like
    /// written to (or deleted from) the user's repository.
    public var serviceRecord: ServiceRecord?
    /// Pixelfed: the video's HLS playlist, played instead of the item's
    /// address once its source found it answers (else the address plays).
    public var streamAddress: URL?
    /// What the post is filed under on its service beyond its words: a
    /// Lemmy community, a PeerTube channel (checked by FeedCore's
    /// ``PostTags/checked(_:)``); For You learns about them as tags.
    public var tags: [String] = []
    /// When the post was published, in seconds since 1970 (its feed's
    /// `published`, JSON Feed's `date_published`, a service's time), when
    /// given and readable: For You's freshness.
    public var publishedAt: Double?

    public init(headers: [String: String] = [:], cacheKey: String? = nil, likes: Int? = nil,
                liked: Bool? = nil, likeURL: URL? = nil, sensitive: Bool = false, webPage: URL? = nil,
                silentLoop: Bool = false, servicePostID: String? = nil, serviceRecord: ServiceRecord? = nil) {
        self.serviceRecord = serviceRecord
        self.headers = headers
        self.cacheKey = cacheKey
        self.likes = likes
        self.liked = liked
        self.likeURL = likeURL
        self.sensitive = sensitive
        self.webPage = webPage
        self.silentLoop = silentLoop
        self.servicePostID = servicePostID
    }

    /// True when the feed said nothing extra; such items get no entry.
    public var isEmpty: Bool {
        headers.isEmpty && cacheKey == nil && likes == nil && liked == nil && likeURL == nil && !sensitive && webPage == nil && !silentLoop
            && servicePostID == nil && serviceRecord == nil && streamAddress == nil && tags.isEmpty && publishedAt == nil
    }
}
