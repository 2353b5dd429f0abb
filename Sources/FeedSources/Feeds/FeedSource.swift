import FeedCore
import FeedGObject

/// Where a feed session gets its items, a page at a time. GTK thread only.
///
/// The session asks for the first page when it starts (and again on
/// Reload), then for the page after the last cursor whenever FeedCore's
/// `PaginationTrigger` fires. A source answers each request once, on the
/// GTK thread, possibly before the call returns (a source that already has
/// its items, like a folder's, answers at once).
@MainActor
public protocol FeedSource: AnyObject {
    /// What the disk cache scopes this feed's keys by: the feed's origin for
    /// a remote feed, so another feed using the same ids or cache keys can
    /// never read its bytes. nil: each item's media origin.
    var cacheScope: String? { get }
    /// Loads the feed from its start again (dropping a load in flight).
    func loadFirst(_ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void)
    /// The same, handing over what was found so far while the first page
    /// takes long to read (a large folder): each `partial` page replaces
    /// the one before, and `completion` still answers once, last. Sources
    /// that read their first page in one go need not implement it.
    func loadFirst(partial: @escaping @MainActor (FeedSourcePage) -> Void,
                   _ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void)
    /// Loads the page after `cursor` (a cursor the source handed out).
    func loadNext(after cursor: FeedCursor,
                  _ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void)
    /// Whether `item` still needs its details before it can play (a
    /// PeerTube post, listed without files). Such an item shows its poster
    /// and texts, but is neither prepared nor preloaded until the session
    /// has fetched its details with ``fetchDetails(of:_:)``, as the preload
    /// plan comes to it. False for every other source.
    func needsDetails(_ item: FeedItem) -> Bool
    /// Fetches `item`'s details: answers once with a page holding the
    /// playable item (same id) and its extras, or why not.
    func fetchDetails(of item: FeedItem,
                      _ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void)
    /// Where likes of its posts go on their service (Mastodon, PeerTube);
    /// nil for every other source.
    var serviceLikes: ServiceLikes? { get }
    /// What `item`'s cache keys are scoped by: ``cacheScope`` but for a
    /// source of posts from several feeds (For You), where each post keeps
    /// its own feed's.
    func cacheScope(of item: FeedItem) -> String?
    /// Where the like of `item` goes: ``serviceLikes`` but for a source of
    /// posts from several feeds, where each post's goes to its own service.
    func serviceLikes(for item: FeedItem) -> ServiceLikes?
}

extension FeedSource {
    public func loadFirst(partial: @escaping @MainActor (FeedSourcePage) -> Void,
                          _ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        loadFirst(completion)
    }

    public func needsDetails(_ item: FeedItem) -> Bool { false }

    public var serviceLikes: ServiceLikes? { nil }

    public func cacheScope(of item: FeedItem) -> String? { cacheScope }

    public func serviceLikes(for item: FeedItem) -> ServiceLikes? { serviceLikes }

    public func fetchDetails(of item: FeedItem,
                             _ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        completion(.failure(FeedSourceFailure(message: tr("this feed has no details to fetch"), code: .unknown)))
    }
}
