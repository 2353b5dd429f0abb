import FeedCore

/// A feed whose items are all known: one page, then the end. For small
/// feeds, tests and embedders.
@MainActor
public final class ArrayFeedSource: FeedSource {
    public var items: [FeedItem]
    public let cacheScope: String?

    public init(_ items: [FeedItem], cacheScope: String? = nil) {
        self.items = items
        self.cacheScope = cacheScope
    }

    public func loadFirst(_ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        completion(.success(FeedSourcePage(items: items)))
    }

    public func loadNext(after cursor: FeedCursor,
                         _ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        completion(.success(FeedSourcePage(items: [])))
    }
}
