import CGLib
import FeedCore
import FeedMedia
import FeedUI
import Foundation

/// A JSON feed over http(s) with cursor pagination, as a data source that
/// grows at its end. GTK thread only.
///
/// When to ask for the next page is FeedCore's `PaginationTrigger`; this
/// type only carries it out and appends what arrives.
@MainActor
final class RemoteFeed: FeedDataSource {
    private let loader: FeedPageLoader
    private(set) var items: [FeedItem] = []
    /// Likes, headers and cache keys by item id, from the pages.
    private var extrasByID: [String: RemoteItemExtras] = [:]

    func extras(for itemID: String) -> RemoteItemExtras? { extrasByID[itemID] }
    private var requestedForCount: Int?
    private var failures = 0
    private var lastFailureTime: Double?
    private var retryTimer: MainLoopSource?
    /// Called after items were appended (the view reloads).
    var onAppend: (() -> Void)?

    /// The feed's address.
    let url: URL
    /// The feed's origin, or the scope its owner gave it.
    let cacheScope: String?

    /// - Parameter cacheScope: what the cache scopes the feed's keys by;
    ///   nil: the feed's origin. The built-in demo, served on a new port
    ///   each run, passes a name of its own so its cache stays warm.
    init(url: URL, cacheScope: String? = nil) {
        self.url = url
        self.cacheScope = cacheScope ?? CacheKey.origin(of: url.absoluteString)
        loader = FeedPageLoader(feedURL: url)
    }

    var count: Int { items.count }
    func item(at index: Int) -> FeedItem { items[index] }

    /// Skeleton pages after the items while the feed may have more.
    var placeholderCount: Int { loader.endReached ? 0 : Self.placeholderPages }
    /// Why the last page load failed, while it is failing.
    private(set) var loadMoreFailure: String?
    /// Skeletons shown past the loaded items.
    static let placeholderPages = 3

    func retryLoadMore() {
        failures = 0
        lastFailureTime = nil
        requestedForCount = nil
        loadMoreFailure = nil
        onAppend?()
        landed(at: max(0, items.count - 1))
    }

    /// Loads the first page; `completion` gets nil on success or the one-line error.
    func loadFirst(_ completion: @escaping @MainActor (String?) -> Void) {
        loader.loadFirst { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let page):
                self.accept(page)
                completion(nil)
            case .failure(let error):
                completion(error.description)
            }
        }
    }

    /// The landing page changed: load more when FeedCore says so.
    func landed(at index: Int) {
        let now = Double(g_get_monotonic_time()) / 1_000_000
        let decision = PaginationTrigger.decide(PaginationTrigger.Input(
            landingIndex: index, count: items.count, loadInFlight: loader.isLoading,
            endReached: loader.endReached, requestedForCount: requestedForCount,
            failures: failures, lastFailureTime: lastFailureTime, now: now))
        switch decision {
        case .load:
            loadNext(from: index)
        case .retry(let at):
            retryTimer?.cancel()
            retryTimer = MainLoopSource.after(milliseconds: UInt32(saturatingRounded: max(0, at - now) * 1000)) { [weak self] in
                self?.landed(at: index)
            }
        case .idle:
            break
        }
    }

    private func loadNext(from index: Int) {
        requestedForCount = items.count
        loader.loadNext { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let page):
                self.failures = 0
                self.loadMoreFailure = nil
                self.accept(page)
            case .failure(let error):
                // requestedForCount stays: FeedCore's trigger backs off by failures.
                self.failures += 1
                self.lastFailureTime = Double(g_get_monotonic_time()) / 1_000_000
                self.loadMoreFailure = error.description
                Log.warning("could not load more of the feed: \(error)")
                self.onAppend?() // the placeholders show the failure and Retry
                self.landed(at: index)
            }
        }
    }

    private func accept(_ result: FeedPageResult) {
        for skipped in result.page.skipped {
            Log.warning("skipped a feed item: \(skipped)")
        }
        if let unusable = result.page.unusableNext {
            Log.warning("the feed ends here: its next page ‘\(unusable)’ is not a usable address")
        }
        extrasByID.merge(result.page.extras) { _, new in new }
        let known = Set(items.map(\.id))
        items += result.items.filter { !known.contains($0.id) }
        onAppend?() // also when nothing new came: the end may have been reached
    }
}
