import FeedCore
import FeedGObject
import FeedHTTP
import FeedSources
import Foundation

/// The app's one media cache, as the feed session uses it: where playback
/// reads (http(s) progressive videos through the `flick-cache` source), what
/// is preloaded (the startup range of the posts the plan wants on disk), and
/// what is pinned (the current and next posts). GTK thread only.
///
/// It carries FeedCore's preload plan out as FeedCore's `CacheWorkPlan`
/// says (what to fetch, cancel and pin); it decides nothing of its own.
@MainActor
public final class MediaCache {
    public let store: RangeStore
    public let fetcher: RangeFetcher
    /// Where the network bytes went (active, speculative, wasted), by key.
    private var accounting = ByteAccounting()
    /// The feeds registered (``register(scope:extras:)``), by identity,
    /// held weakly: a session that goes without ending its feed drops out.
    private var feeds: [ObjectIdentifier: WeakCacheFeed] = [:]
    /// The feed of callers that name none (tools and tests): no scope but
    /// each URL's origin, no extras.
    private lazy var looseFeed = CacheFeed(cache: self, scope: { _ in nil }, extras: { _ in nil })
    /// Whole-picture fetches running, by key, with everyone waiting for each.
    var stillWaiters: [CacheKey: [@MainActor (Result<StillFile, RemoteImageError>) -> Void]] = [:]
    /// What this cache's `flick-cache` elements read through; nil when
    /// GStreamer refused the element (videos then stream straight).
    public let hub: CacheSourceHub?

    /// Opens the store under `directory` with `budgets`, fetching on
    /// `session` (media ranges and pictures), and makes the hub of the
    /// `flick-cache` source elements that playback reads through.
    public convenience init(directory: URL, budgets: CacheBudgets, session: GObjectRef = HTTPSessions.standalone()) throws {
        self.init(store: try RangeStore(directory: directory, budgets: budgets), session: session)
    }

    /// The cache over a store already opened (``RangeStore/openInBackground(directory:budgets:answer:)``).
    public init(store: RangeStore, session: GObjectRef = HTTPSessions.standalone()) {
        self.store = store
        fetcher = RangeFetcher(session: session)
        hub = CacheSource.makeHub(store: store, fetcher: fetcher)
        fetcher.onBytesFetched = { [weak self] key, priority, bytes in
            self?.accounting.fetched(Int(bytes), for: key.description, current: priority == .current)
        }
    }

    /// Bytes fetched, wasted, read from disk and held, since the cache opened.
    public var statistics: CacheStatistics {
        var result = CacheStatistics()
        result.activeBytes = Int64(accounting.active)
        result.speculativeBytes = Int64(accounting.speculative)
        result.wastedBytes = Int64(accounting.wasted)
        let read = hub?.bytesRead ?? (hits: 0, misses: 0)
        result.hitBytes = read.hits
        result.missBytes = read.misses
        result.videoDiskBytes = store.usage(kind: .video)
        result.imageDiskBytes = store.usage(kind: .image)
        return result
    }

    /// Registers a feed with the cache: an item's keys are scoped by
    /// `scope` (nil: its media URL's origin) and read `extras` for an item's
    /// `cacheKey` and headers. The caller keeps what is returned and ends
    /// it (``end(_:)``) when its feed closes.
    public func register(scope: @escaping @MainActor (FeedItem) -> String?,
                         extras: @escaping @MainActor (FeedItem) -> RemoteItemExtras?) -> CacheFeed {
        let feed = CacheFeed(cache: self, scope: scope, extras: extras)
        feeds = feeds.filter { $0.value.feed != nil }
        feeds[ObjectIdentifier(feed)] = WeakCacheFeed(feed: feed)
        return feed
    }

    /// Ends `feed`'s registration: its pins go, and it hears no more.
    public func end(_ feed: CacheFeed) {
        guard feeds.removeValue(forKey: ObjectIdentifier(feed)) != nil else { return }
        for key in feed.pinned { store.unpin(key) }
        feed.pinned.removeAll()
        feed.onWriteProblem = nil
    }

    /// Feeds registered and not ended (their sessions alive).
    public var registeredFeeds: Int { feeds.values.filter { $0.feed != nil }.count }

    /// What an item's keys are scoped by in `feed`: the feed's origin, else
    /// the origin of the item's media URL (never empty, so an item of no
    /// origin cannot meet another's keys either).
    public func scope(for item: FeedItem, in feed: CacheFeed? = nil) -> String {
        feed?.scope(item) ?? CacheKey.origin(of: item.uri) ?? "local"
    }

    /// The key an item's video bytes are cached under: `cacheKey` when the
    /// feed gives one (signed URLs whose query changes), else the item id,
    /// scoped by `scope` (default: the media URL's origin).
    public static func videoKey(for item: FeedItem, cacheKey: String? = nil, scope: String? = nil) -> CacheKey {
        CacheKey.scoped(.video, scope: scope ?? CacheKey.origin(of: item.uri) ?? "local", name: cacheKey ?? item.id)
    }

    /// The key of `item`'s video with the feed's `cacheKey` and scope
    /// applied. Two items of one feed with the same `cacheKey` share their
    /// bytes; two feeds of two origins never do. The item's own headers
    /// are registered for the key's fetches (its origin only).
    public func videoKey(for item: FeedItem, in feed: CacheFeed? = nil) -> CacheKey {
        // An HLS playlist is stored by its address, as its segments are.
        if MediaLocation(item.uri) == .hls, let url = URL(string: item.uri) { return CacheURI.hlsKey(for: url) }
        let extra = feed?.extras(item)
        let key = Self.videoKey(for: item, cacheKey: extra?.cacheKey, scope: scope(for: item, in: feed))
        if let headers = extra?.headers, !headers.isEmpty { hub?.setHeaders(headers, for: key) }
        return key
    }

    /// What playback should open for `item`: the cache's URI for http(s)
    /// progressive files and HLS playlists, the item's own URI for local
    /// files. Once the disk cache has stopped writing (a full or failing
    /// disk), only a video it holds whole is read from it; the rest (HLS
    /// always) stream straight from the network. So does a file that keeps
    /// changing at its origin (``VersionChanges``). An HLS post whose feed
    /// gives it headers plays straight too: its segments are fetched by
    /// address, with no item's headers.
    public func playbackURI(for item: FeedItem, in feed: CacheFeed? = nil) -> String {
        guard let hub, let url = URL(string: item.uri), CacheURI.shouldRewrite(url) else { return item.uri }
        if MediaLocation(item.uri) == .hls {
            guard feed?.extras(item)?.headers.isEmpty ?? true, noteWriteProblem() == nil else { return item.uri }
        }
        let key = videoKey(for: item, in: feed)
        if noteWriteProblem() != nil, store.status(key) != .complete { return item.uri }
        if store.versionChanges.isUncached(key) { return item.uri }
        return hub.uri(for: url, key: key)
    }

    /// The store's write problem, telling each registered feed's
    /// `onWriteProblem` the first time it is seen.
    @discardableResult
    func noteWriteProblem() -> CacheStoreError? {
        guard let problem = store.writeProblem else { return nil }
        for feed in feeds.values.compactMap(\.feed) where !feed.writeProblemTold {
            feed.writeProblemTold = true
            feed.onWriteProblem?(Self.userText(problem))
        }
        return problem
    }

    /// One line for a toast and the diagnostics.
    public nonisolated static func userText(_ problem: CacheStoreError) -> String {
        switch problem {
        case .diskFull:
            return tr("The media cache is full: the disk has no room left. Videos now play straight from the network.")
        case .io(let reason), .unwritable(let reason), .corrupt(let reason):
            // Translators: why, like "could not write the index (Input/output error)".
            return tr("The media cache cannot be written (%1$s). Videos now play straight from the network.").filled(reason)
        }
    }

    /// What the diagnostics say of the cache's disk, nil while it writes.
    public var writeProblemText: String? { store.writeProblem.map(Self.userText) }

    /// How many files stream uncached because they keep changing at their
    /// origin (``VersionChanges``), for the diagnostics.
    public var uncachedFileCount: Int { store.versionChanges.uncachedCount }

    /// Carries out the plan's disk work: fetches the startup range of every
    /// entry whose video work is `.startup`, at low priority (a prepared
    /// player reads its own bytes through the cache source); cancels preloads of items
    /// that left the plan (the bytes that landed stay); pins the current and
    /// next items. Speculative fetches stop while the current buffer is unhealthy.
    public func apply(_ plan: PreloadPlan, item: (Int) -> FeedItem?, currentBufferHealthy: Bool = true,
                      in feed: CacheFeed? = nil) {
        let feed = feed ?? looseFeed
        StallWatch.running("cache plan") { carryOut(plan, item: item, currentBufferHealthy: currentBufferHealthy, feed: feed) }
    }

    private func carryOut(_ plan: PreloadPlan, item: (Int) -> FeedItem?, currentBufferHealthy: Bool, feed: CacheFeed) {
        let bytes = Int64(plan.startupRange.bytes)
        var items: [CacheWorkPlan.Item] = []
        var urls: [CacheKey: URL] = [:]
        for entry in plan.entries {
            guard let feedItem = item(entry.index), feedItem.kind.isPlayed,
                  let url = URL(string: feedItem.uri), CacheURI.shouldRewrite(url) else { continue }
            let key = videoKey(for: feedItem, in: feed)
            // A file that keeps changing at its origin streams uncached.
            if store.versionChanges.isUncached(key) { continue }
            urls[key] = url
            // Only a startup entry's missing bytes matter to the plan.
            let missing = entry.video == .startup ? store.gaps(key, in: 0..<bytes).first?.lowerBound : nil
            items.append(CacheWorkPlan.Item(index: entry.index, key: key, firstMissingByte: missing,
                                            played: store.wasPlayed(key)))
        }
        let preloads = fetcher.running(.startupPreload)
        let decision = CacheWorkPlan.decide(CacheWorkPlan.Input(
            entries: plan.entries, startupBytes: bytes, items: items,
            running: Array(preloads.keys), pinned: Array(feed.pinned), planned: Array(feed.planned),
            // A disk that takes no more bytes: nothing is fetched ahead.
            writable: noteWriteProblem() == nil, bufferHealthy: currentBufferHealthy))
        // The current item is being played: what was fetched ahead for it was worth it.
        if let played = decision.played {
            accounting.played(played.description)
            store.markPlayed(played)
        }
        for key in decision.cancel { preloads[key]?.cancel() }
        for fetch in decision.fetch {
            guard let url = urls[fetch.key] else { continue }
            // From the first missing byte: a preload cut short earlier keeps
            // what landed, and only the rest is asked for.
            fetcher.fetch(url: url, range: fetch.start..<fetch.end, headers: headers(for: fetch.key),
                          priority: .speculative, purpose: .startupPreload, into: store, key: fetch.key) { _ in }
        }
        applyStills(plan, item: item, healthy: decision.speculativeAllowed, feed: feed)
        for key in decision.leftPlan { accounting.leftPlan(key.description) }
        feed.planned = Set(decision.planned)
        for key in decision.pin { store.pin(key) }
        for key in decision.unpin { store.unpin(key) }
        feed.pinned.subtract(decision.unpin)
        feed.pinned.formUnion(decision.pin)
    }

    /// Tells the cache source who reads each served item's video (FeedCore's
    /// ``CacheReader``, from whether its post is current and where its
    /// player is): a prepared player's reads that miss the disk wait until
    /// its post is current. Items not listed are read as current again. A
    /// post prepared to its first frame counts as started from this cache,
    /// as a played one does: what it needed to start is on disk, so its
    /// startup range is not topped up ahead later, and a player setting it
    /// up again reads only the disk.
    public func setReaders(_ players: [(item: FeedItem, isCurrent: Bool, state: PlaybackState)], in feed: CacheFeed? = nil) {
        guard let hub else { return }
        var keys = Set<CacheKey>()
        for (item, isCurrent, state) in players {
            guard let url = URL(string: item.uri), CacheURI.shouldRewrite(url) else { continue }
            let key = videoKey(for: item, in: feed)
            keys.insert(key)
            let started = store.wasPlayed(key)
            let reader = CacheReader.of(isCurrent: isCurrent, state: state, startedBefore: started)
            hub.setReader(reader, for: key)
            if reader == .prepared, !started { store.markPlayed(key) }
        }
        hub.keepReaders(only: keys)
    }

    /// The share (0...1) of `item`'s video file on disk from its start, when
    /// it is read through the cache and its length is known.
    public func cachedShare(of item: FeedItem, in feed: CacheFeed? = nil) -> Double? {
        let key = videoKey(for: item, in: feed)
        guard let length = store.info(key)?.contentLength, length > 0 else { return nil }
        return min(1, Double(store.available(key, from: 0)) / Double(length))
    }

    /// Drops `item`'s cached video bytes (they would not play: corrupt on
    /// disk), so the next read fetches them again. Its player has stopped
    /// reading; the plan's pin, if any, stays.
    public func evict(_ item: FeedItem, in feed: CacheFeed? = nil) {
        store.remove(videoKey(for: item, in: feed))
    }

    /// Whether the video bytes held for `item` are tied to one version of
    /// the origin's file: the entry knows its ETag or Last-Modified (reads
    /// check both, fetches ask with If-Range).
    public func holdsOneVersion(of item: FeedItem, in feed: CacheFeed? = nil) -> Bool {
        guard let info = store.info(videoKey(for: item, in: feed)) else { return false }
        return info.etag != nil || info.lastModified != nil
    }

    /// Applies new budgets at once (eviction runs).
    public func setBudgets(_ budgets: CacheBudgets) { store.setBudgets(budgets) }

    /// Stops every preload and writes the index (the app is quitting).
    public func close() {
        stopFetching()
        store.close()
    }

    /// Lets the preloads under way (video startup ranges and pictures) run
    /// to their end, for at most `seconds`, then stops fetching as
    /// ``stopFetching()`` does and calls `done`, once. Nothing new starts
    /// meanwhile: the plan is no longer applied. The GTK thread never
    /// waits: each preload's completion, or the deadline, moves it on.
    public func finishPreloads(within seconds: Double, then done: @escaping @MainActor () -> Void) {
        let running = [FetchPurpose.startupPreload, .picturePreload].flatMap { fetcher.running($0).values }
            .filter { !$0.isPaused }
        var left = running.count
        var finished = false
        var deadline: MainLoopSource?
        let finish = { [weak self] in
            guard !finished else { return }
            finished = true
            deadline?.cancel()
            self?.stopFetching()
            done()
        }
        guard left > 0 else { return finish() }
        deadline = MainLoopSource.after(milliseconds: UInt32(max(0, seconds) * 1000)) { finish() }
        for fetch in running {
            fetch.watch(progress: { _ in }, completion: { _ in
                left -= 1
                if left == 0 { finish() }
            })
        }
    }

    /// Cancels the preloads and lets the pins go, leaving the store open
    /// (its owner closes it, e.g. off the GTK thread at exit).
    public func stopFetching() {
        for purpose in [FetchPurpose.startupPreload, .picturePreload] {
            for fetch in fetcher.running(purpose).values { fetch.cancel() }
        }
        for feed in feeds.values.compactMap(\.feed) + [looseFeed] {
            for key in feed.pinned { store.unpin(key) }
            feed.pinned.removeAll()
        }
    }

    /// The item's own headers for fetches under `key` (its origin only).
    func headers(for key: CacheKey) -> [String: String] {
        hub?.headers.get(key) ?? [:]
    }
}
