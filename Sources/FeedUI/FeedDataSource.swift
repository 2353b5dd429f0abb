import FeedCore
import FeedMedia

/// Where a `FeedView` gets its items. GTK thread only.
///
/// Items are asked for by index as pages are mounted, so a feed of 100,000
/// items never needs 100,000 values in memory.
@MainActor
public protocol FeedDataSource: AnyObject {
    /// Items in the feed now. The view re-reads it on `reloadData()`.
    var count: Int { get }
    /// The item at `index`, `0 <= index < count`.
    func item(at index: Int) -> FeedItem
    /// Pages shown after the items while more may come: skeletons that
    /// fill in place when the items arrive (0: the feed ends at `count`).
    var placeholderCount: Int { get }
    /// Why loading more failed, shown on the placeholder pages with Retry;
    /// nil while loading normally.
    var loadMoreFailure: String? { get }
    /// The user pressed Retry on a placeholder page.
    func retryLoadMore()
    /// What a remote feed says about an item beyond FeedItem: likes, the
    /// like endpoint, headers, cache key. nil for local feeds.
    func extras(for itemID: String) -> RemoteItemExtras?
    /// What the disk cache scopes this feed's keys by: the feed's origin
    /// for a remote feed, so another feed using the same ids or cache keys
    /// can never read its bytes. nil: each item's media origin.
    var cacheScope: String? { get }
}

extension FeedDataSource {
    public var placeholderCount: Int { 0 }
    public var loadMoreFailure: String? { nil }
    public func retryLoadMore() {}
    public func extras(for itemID: String) -> RemoteItemExtras? { nil }
    public var cacheScope: String? { nil }
}

/// A data source over an array, for small feeds and tests.
@MainActor
public final class ArrayFeedDataSource: FeedDataSource {
    public var items: [FeedItem]
    public init(_ items: [FeedItem]) { self.items = items }
    public var count: Int { items.count }
    public func item(at index: Int) -> FeedItem { items[index] }
}
