import FeedCore

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
    /// Loads the page after `cursor` (a cursor the source handed out).
    func loadNext(after cursor: FeedCursor,
                  _ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void)
}

/// Where a feed goes on: opaque to the session, which only hands it back.
public struct FeedCursor: Sendable, Hashable {
    /// The source's own token (a page number, a URL).
    public let token: String
    public init(_ token: String) { self.token = token }
}

/// One page a source handed over.
public struct FeedSourcePage: Sendable, Equatable {
    /// The page's items, in order.
    public var items: [FeedItem]
    /// Likes, headers and cache keys by item id (remote feeds).
    public var extras: [String: RemoteItemExtras]
    /// Where the feed goes on; nil when it ends here.
    public var next: FeedCursor?

    public init(items: [FeedItem], extras: [String: RemoteItemExtras] = [:], next: FeedCursor? = nil) {
        self.items = items
        self.extras = extras
        self.next = next
    }
}

/// Why a page did not arrive: the one-line message shown to the user and
/// the code the error card and the log use.
public struct FeedSourceFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var code: ErrorCode
    public init(message: String, code: ErrorCode) {
        self.message = message
        self.code = code
    }
    public var description: String { message }
}

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
