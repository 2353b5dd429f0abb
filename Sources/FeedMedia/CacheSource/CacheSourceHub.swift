import CGLib
import FeedCore
import FeedGObject
import FeedHTTP
import Foundation

/// The GTK-thread half of the cache source for one media cache: runs the
/// fetches its elements ask for on the cache's fetcher, tells each element
/// when bytes land, and counts the bytes they hand out.
///
/// Each media cache has its own hub, named in the `flick-cache` URIs it
/// makes (``CacheURI``), so two caches in one process never read each
/// other's store. Elements reach it through ``CacheSourceHubs``.
///
/// Requests arrive from streaming threads as typed ``CacheSourceCommand``s
/// on idle callbacks of the default main context (`g_idle_add`, never
/// `g_main_context_invoke`, which would run them on the streaming thread
/// whenever it can acquire the context).
@MainActor
public final class CacheSourceHub {
    /// Names the hub in its URIs. Any thread.
    public nonisolated let id: Int
    /// The store its elements read. Any thread (the store locks).
    public nonisolated let store: RangeStore
    /// Per-key headers and priorities, read when a fetch starts. Any thread (locked).
    nonisolated let headers = HeaderTable()
    /// Who reads each key, and the elements reading it. Any thread (locked).
    nonisolated let readers = CacheReaderTable()
    /// Reads waiting now for their post to become current (a prepared
    /// player's reads past what the disk holds). Any thread.
    nonisolated let heldReads = AtomicCounter()
    /// Bytes elements handed to demuxers from disk (hits) and after waiting
    /// for the network (misses). Any thread.
    nonisolated let hitBytes = AtomicCounter()
    nonisolated let missBytes = AtomicCounter()

    private let fetcher: RangeFetcher
    /// The fetch each element is waiting on.
    private var fetches: [ObjectIdentifier: RangeFetch] = [:]

    /// A hub over `store`, fetching with `fetcher`; elements find it by its
    /// id as long as it lives.
    public init(store: RangeStore, fetcher: RangeFetcher) {
        self.store = store
        self.fetcher = fetcher
        id = CacheSourceHubs.nextID()
        CacheSourceHubs.add(self)
    }

    isolated deinit {
        CacheSourceHubs.remove(id)
        for fetch in fetches.values { fetch.cancel() }
    }

    /// The URI a player opens for `url` read through this hub under `key`.
    public func uri(for url: URL, key: CacheKey) -> String {
        CacheURI.make(for: url, key: key, hub: id)
    }

    /// Bytes elements handed to demuxers, from disk and after waiting.
    public var bytesRead: (hits: Int64, misses: Int64) {
        (Int64(hitBytes.load()), Int64(missBytes.load()))
    }

    /// How elements reading `key` fetch what is missing: `.speculative`
    /// for a player preparing an item that is not current (low priority,
    /// counted as speculative), `.current` (the default) once it is; that
    /// also promotes the key's running fetches.
    public func setPriority(_ priority: FetchPriority, for key: CacheKey) {
        headers.setPriority(priority, for: key)
        if priority == .current { fetcher.promoteFetches(of: key) }
    }

    /// Who reads `key` now (FeedCore's ``CacheReader``): a prepared
    /// player's reads that miss the disk wait until it is `.current`
    /// again; changing it wakes them.
    public func setReader(_ reader: CacheReader, for key: CacheKey) {
        readers.set(reader, for: key)
    }

    /// Forgets who reads every key but those in `keys` (their players were
    /// let go or rebound): an element started on such a key later reads
    /// as `.current`; one still reading a key that was `.prepared` stays
    /// held until it stops.
    public func keepReaders(only keys: Set<CacheKey>) {
        readers.keepOnly(keys)
    }

    /// Headers sent with fetches for `key` (the item's own: its origin only).
    public func setHeaders(_ headers: [String: String], for key: CacheKey) {
        self.headers.set(headers, for: key)
    }

    /// Hands `command` from any thread to the GTK thread, where the hub
    /// carries it out; dropped if the hub is gone by then.
    nonisolated func post(_ command: CacheSourceCommand) {
        MainThreadHop.send(command, to: self)
    }
}

extension CacheSourceHub: MainThreadOwner {
    /// A cache source element's command, carried out on the GTK thread.
    package func receive(_ command: CacheSourceCommand) {
        switch command {
        case .fetch(let instance, let token, let url, let key, let range):
            startFetch(for: instance, token: token, url: url, key: key, range: range)
        case .cancel(let instance):
            fetches.removeValue(forKey: ObjectIdentifier(instance))?.cancel()
        }
    }

    private func startFetch(for instance: CacheSourceInstance, token: UInt64, url: URL, key: CacheKey,
                            range: Range<Int64>) {
        let id = ObjectIdentifier(instance)
        fetches.removeValue(forKey: id)?.cancel()
        if store.available(key, from: range.lowerBound) > 0 {
            // Another fetch brought these bytes while the request was posted:
            // let the element look again instead of fetching them twice.
            instance.ended(token: token, .cancelled, stored: 0)
            return
        }
        if let running = fetcher.runningFetch(for: key, covering: range.lowerBound, window: CacheReadPlan.readAheadBytes) {
            // A preload (or another player) is already bringing these bytes:
            // wait for it rather than fetch them twice. It is not ours to cancel.
            if headers.priority(key) == .current { running.promote() }
            running.watch(progress: { reached in instance.landed(token: token, reached: reached) },
                          completion: { result in
                instance.ended(token: token, result.end,
                               stored: max(result.bytesStored, 1), rangeIgnored: result.rangeIgnored)
            })
            return
        }
        let fetch = fetcher.fetch(url: url, range: range, headers: headers.get(key),
                                  priority: headers.priority(key),
                                  into: store, key: key,
                                  progress: { reached in instance.landed(token: token, reached: reached) },
                                  completion: { [weak self] result in
            if self?.fetches[id]?.token == result.token { self?.fetches[id] = nil }
            instance.ended(token: token, result.end, stored: result.bytesStored, rangeIgnored: result.rangeIgnored)
        })
        if let fetch {
            fetches[id] = fetch
        } else {
            instance.ended(token: token, .failed(FetchFailure(code: .unknown, message: "libsoup refused \(url)")),
                           stored: 0)
        }
    }

    /// A running fetch that will bring the first bytes of `key`'s file.
    func runningFetch(for key: CacheKey) -> RangeFetch? {
        fetcher.runningFetch(for: key, covering: 0, window: CacheReadPlan.readAheadBytes)
    }

    /// Fetches the start of `key`'s file (whose response gives its length)
    /// for a player about to open it, with the key's headers and priority.
    func startHeadFetch(url: URL, key: CacheKey, progress: @escaping @MainActor (Int64) -> Void,
                        completion: @escaping @MainActor (FetchResult) -> Void) -> RangeFetch? {
        fetcher.fetch(url: url, range: 0..<CacheReadPlan.readAheadBytes, headers: headers.get(key),
                      priority: headers.priority(key), into: store, key: key,
                      progress: progress, completion: completion)
    }
}
