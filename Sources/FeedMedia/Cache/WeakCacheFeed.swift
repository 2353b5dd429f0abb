/// A registered feed as the cache holds it: weakly, so a session that is
/// let go without ending its feed drops out of the cache's registry.
@MainActor
struct WeakCacheFeed {
    weak var feed: CacheFeed?
}
