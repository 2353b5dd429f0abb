import FeedCore
import FeedGObject
import Foundation

/// A JSON feed over http(s) as a feed source: Flick's format with cursor
/// pagination (FEEDS.md), or a JSON Feed 1.1/1.0 paged by `next_url`, told
/// apart by the first page (``FeedFormat/detect``). GTK thread only.
///
/// The page loader keeps what the pages said (ids already handed out, pages
/// already read); the cursor it hands the session is the count of pages
/// read, so a stale cursor (from before a Reload) is refused, not followed.
@MainActor
public final class JSONFeedSource: FeedSource {
    /// The feed's address.
    public let url: URL
    public let cacheScope: String?
    private let loader: FeedPageLoader

    /// - Parameter cacheScope: what the cache scopes the feed's keys by;
    ///   nil: the feed's origin. The built-in demo, served on a new port
    ///   each run, passes a name of its own so its cache stays warm.
    ///   `session`: the libsoup session pages come through (an engine's
    ///   ``HTTPSessions/api``).
    public init(url: URL, cacheScope: String? = nil, session: GObjectRef) {
        self.url = url
        self.cacheScope = cacheScope ?? CacheKey.origin(of: url.absoluteString)
        loader = FeedPageLoader(feedURL: url, session: session)
    }

    public func loadFirst(_ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        loader.loadFirst { [weak self] result in self?.finish(result, completion) }
    }

    public func loadNext(after cursor: FeedCursor,
                         _ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        guard cursor == currentCursor, loader.loadNext(completion: { [weak self] result in self?.finish(result, completion) })
        else {
            // A load already runs, or the cursor is from before a reload:
            // still answered once, as every request is.
            completion(.failure(FeedSourceFailure(message: "the feed's next page is no longer known; reload the feed",
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
                                               next: loaded.endReached ? nil : currentCursor)))
        case .failure(let error):
            completion(.failure(FeedSourceFailure(message: error.description, code: error.code)))
        }
    }
}
