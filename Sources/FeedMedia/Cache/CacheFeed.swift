import FeedCore
import FeedSources
import Foundation

/// One feed's registration with the shared media cache (``MediaCache/register(scope:extras:)``):
/// what its keys are scoped by, what the feed says of an item beyond
/// ``FeedItem`` (its `cacheKey` and headers), where a write problem is
/// told, and which keys its plan pinned. Each session holds its own, so
/// two sessions on one cache never see each other's scope, extras or pins;
/// the cache keeps it until ``MediaCache/end(_:)`` or until its session lets
/// it go. It is also the session's picture source: a still fetched through
/// it is keyed by its feed. GTK thread only.
@MainActor
public final class CacheFeed: RemoteStillSource {
    /// The cache this feed is registered with. Unowned: the cache holds
    /// its loose feed, and a session holds its engine, and so the cache,
    /// for as long as it holds its feed.
    public unowned let cache: MediaCache
    /// The origin an item's keys are scoped by (its feed's; in For You,
    /// the feed each post came from); nil returned: the media URL's own origin.
    let scope: @MainActor (FeedItem) -> String?
    /// What the feed says of an item beyond ``FeedItem``, when anything.
    let extras: @MainActor (FeedItem) -> RemoteItemExtras?
    /// Told once, when the cache's disk stops taking bytes: what to tell
    /// the user ("The media cache is full …").
    public var onWriteProblem: (@MainActor (String) -> Void)?
    /// Whether `onWriteProblem` has been told.
    var writeProblemTold = false
    /// Keys this feed's plan pinned (the current and next posts).
    var pinned: Set<CacheKey> = []
    /// Video keys of this feed's last plan, to see which left it.
    var planned: Set<CacheKey> = []

    init(cache: MediaCache, scope: @escaping @MainActor (FeedItem) -> String?,
         extras: @escaping @MainActor (FeedItem) -> RemoteItemExtras?) {
        self.cache = cache
        self.scope = scope
        self.extras = extras
    }

    /// The key `item`'s video bytes are cached under in this feed.
    public func videoKey(for item: FeedItem) -> CacheKey { cache.videoKey(for: item, in: self) }

    /// What playback should open for `item` (``MediaCache/playbackURI(for:in:)``).
    public func playbackURI(for item: FeedItem) -> String { cache.playbackURI(for: item, in: self) }

    /// Carries out this feed's plan (``MediaCache/apply(_:item:currentBufferHealthy:in:)``).
    public func apply(_ plan: PreloadPlan, item: (Int) -> FeedItem?, currentBufferHealthy: Bool = true) {
        cache.apply(plan, item: item, currentBufferHealthy: currentBufferHealthy, in: self)
    }

    /// Who reads each of this feed's players' files (``MediaCache/setReaders(_:in:)``).
    public func setReaders(_ players: [(item: FeedItem, isCurrent: Bool, state: PlaybackState)]) {
        cache.setReaders(players, in: self)
    }

    /// The share of `item`'s video on disk from its start (``MediaCache/cachedShare(of:in:)``).
    public func cachedShare(of item: FeedItem) -> Double? { cache.cachedShare(of: item, in: self) }

    /// Drops `item`'s cached video bytes (``MediaCache/evict(_:in:)``).
    public func evict(_ item: FeedItem) { cache.evict(item, in: self) }

    /// Whether `item`'s bytes are tied to one version of its file (``MediaCache/holdsOneVersion(of:in:)``).
    public func holdsOneVersion(of item: FeedItem) -> Bool { cache.holdsOneVersion(of: item, in: self) }

    public func fetchStill(_ url: URL, for item: FeedItem,
                           completion: @escaping @MainActor (Result<StillFile, RemoteImageError>) -> Void) {
        cache.fetchStill(url, for: item, in: self, completion: completion)
    }
}
