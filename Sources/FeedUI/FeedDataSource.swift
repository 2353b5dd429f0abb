import FeedCore

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
}

/// A data source over an array, for small feeds and tests.
@MainActor
public final class ArrayFeedDataSource: FeedDataSource {
    public var items: [FeedItem]
    public init(_ items: [FeedItem]) { self.items = items }
    public var count: Int { items.count }
    public func item(at index: Int) -> FeedItem { items[index] }
}
