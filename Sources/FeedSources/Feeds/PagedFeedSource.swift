import FeedCore
import FeedGObject
import Foundation

/// A feed read a page at a time over http(s) as a feed source: Flick's
/// format with cursor pagination (FEEDS.md), a JSON Feed paged by
/// `next_url`, RSS or Atom paged by `rel="next"`, an M3U playlist — told
/// apart by the first page (``FeedFormat/detect``) — or a Mastodon
/// timeline paged by its `Link` header. GTK thread only.
///
/// The page loader keeps what the pages said (ids already handed out, pages
/// already read); the cursor it hands the session is the count of pages
/// read, so a stale cursor (from before a Reload) is refused, not followed.
@MainActor
public final class PagedFeedSource: FeedSource {
    /// The feed's address.
    public let url: URL
    public let cacheScope: String?
    private let loader: FeedPageLoader
    private let explain: @MainActor (FeedLoadError) -> String?
    /// What to tell the user when the feed ends because its next page
    /// cannot be followed (it loops back to a page read, or is no address).
    private let endNotice: String?
    /// A Mastodon timeline's: favourites go to the server.
    public let serviceLikes: ServiceLikes?

    /// - Parameter cacheScope: what the cache scopes the feed's keys by;
    ///   nil: the feed's origin. The built-in demo, served on a new port
    ///   each run, passes a name of its own so its cache stays warm.
    ///   `session`: the libsoup session pages come through (an engine's
    ///   ``HTTPSessions/api``). `format`: what the pages are (default: the
    ///   first page says). `explain`: the line shown for a failure the
    ///   source knows better than the loader (a Mastodon instance's 401),
    ///   nil for the loader's own. `credential`: the account pages are
    ///   read with (its server's pages only). `options`: the loader's
    ///   deadline, page size limit and empty pages followed. `endNotice`:
    ///   the toast when the feed ends on a next page it cannot follow.
    public init(url: URL, format: FeedFormat = .detect, cacheScope: String? = nil, session: GObjectRef,
                credential: ServiceCredential? = nil, serviceLikes: ServiceLikes? = nil,
                options: FeedPageLoader.Options = .init(), endNotice: String? = nil,
                explain: @escaping @MainActor (FeedLoadError) -> String? = { _ in nil },
                renditionHeight: (@MainActor () -> Int)? = nil) {
        self.endNotice = endNotice
        self.url = url
        self.serviceLikes = serviceLikes
        self.cacheScope = cacheScope ?? CacheKey.origin(of: url.absoluteString)
        self.explain = explain
        loader = FeedPageLoader(feedURL: url, format: format, options: options, session: session, credential: credential)
        if let renditionHeight { loader.renditionHeight = renditionHeight }
    }

    /// What the pages turned out to be (``FeedFormat/detect`` until the first arrives).
    public var format: FeedFormat { loader.format }

    public func loadFirst(_ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        loader.loadFirst { [weak self] result in self?.finish(result, completion) }
    }

    public func loadNext(after cursor: FeedCursor,
                         _ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        guard cursor == currentCursor, loader.loadNext(completion: { [weak self] result in self?.finish(result, completion) })
        else {
            // A load already runs, or the cursor is from before a reload:
            // still answered once, as every request is.
            completion(.failure(FeedSourceFailure(message: tr("The feed’s next page is no longer known; reload the feed."),
                                                  code: .unknown)))
            return
        }
    }

    private var currentCursor: FeedCursor { FeedCursor("\(loader.pagesLoaded)") }

    private func finish(_ result: Result<FeedPageResult, FeedLoadError>,
                        _ completion: @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        switch result {
        case .success(let loaded):
            for skipped in loaded.page.skipped {
                FileHandle.standardError.write(Data("flick: warning: skipped a feed item: \(skipped)\n".utf8))
            }
            if let unusable = loaded.page.unusableNext {
                FileHandle.standardError.write(Data(
                    "flick: warning: the feed ends here: its next page ‘\(unusable)’ is not a usable address\n".utf8))
            }
            completion(.success(FeedSourcePage(items: loaded.items, extras: loaded.page.extras,
                                               next: loaded.endReached ? nil : currentCursor,
                                               emptyPagesFollowed: loaded.emptyPagesFollowed,
                                               endNotice: loaded.page.unusableNext == nil ? nil : endNotice)))
        case .failure(let error):
            let noFeed = if case .noFeed = error { true } else { false }
            completion(.failure(FeedSourceFailure(message: explain(error) ?? error.description, code: error.code, noFeedFound: noFeed,
                                                  needsAccount: error.refusesVisitors)))
        }
    }
}
