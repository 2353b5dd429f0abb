import FeedCore
import Foundation

/// A loaded feed page, as ``FeedPageLoader`` hands it over.
public struct FeedPageResult: Sendable, Equatable {
    /// The page: items (never one already shown on an earlier page),
    /// extras, skipped items with reasons, and `next`.
    public var page: FeedPage
    /// Where the page came from, after redirects; the last page fetched
    /// when empty pages were followed.
    public var url: URL
    /// 0 for the first page of a load, then 1, 2, ... (pages followed
    /// because they were empty count too).
    public var pageIndex: Int
    /// Nothing comes after this page.
    public var endReached: Bool
    /// Pages with nothing new read past before this one.
    public var emptyPagesFollowed: Int

    public init(page: FeedPage, url: URL, pageIndex: Int, endReached: Bool, emptyPagesFollowed: Int = 0) {
        self.page = page
        self.url = url
        self.pageIndex = pageIndex
        self.endReached = endReached
        self.emptyPagesFollowed = emptyPagesFollowed
    }

    /// The page's items, in order.
    public var items: [FeedItem] { page.items }
}
