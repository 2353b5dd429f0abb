import FeedCore

/// One page a source handed over.
public struct FeedSourcePage: Sendable, Equatable {
    /// The page's items, in order.
    public var items: [FeedItem]
    /// Likes, headers and cache keys by item id (remote feeds).
    public var extras: [String: RemoteItemExtras]
    /// Where the feed goes on; nil when it ends here.
    public var next: FeedCursor?
    /// Pages with nothing new the source read past before handing this one
    /// over (FeedCore's `EmptyPageRun` counts them).
    public var emptyPagesFollowed: Int
    /// The source ended the feed here itself, and this says why (a toast,
    /// in the user's words: Bluesky's "No more posts").
    public var endNotice: String?

    public init(items: [FeedItem], extras: [String: RemoteItemExtras] = [:], next: FeedCursor? = nil,
                emptyPagesFollowed: Int = 0, endNotice: String? = nil) {
        self.items = items
        self.extras = extras
        self.next = next
        self.emptyPagesFollowed = emptyPagesFollowed
        self.endNotice = endNotice
    }
}
