import CGLib
import FeedCore
import Foundation

/// The GTK-thread half of the cache source: runs the fetches elements ask
/// for on the one fetcher, and tells each element when bytes land.
///
/// Requests arrive from streaming threads as idle callbacks on the default
/// main context (`g_idle_add`, never `g_main_context_invoke`, which would
/// run them on the streaming thread whenever it can acquire the context).
@MainActor
final class CacheSourceDriver {
    static let shared = CacheSourceDriver()

    /// Per-key headers, read when a fetch starts. Any thread (locked).
    nonisolated static let headers = HeaderTable()

    /// The store elements read; set by `CacheSource.register`. Any thread (locked).
    nonisolated static var store: RangeStore? { storeLock.withLock { currentStore } }
    nonisolated(unsafe) private static var currentStore: RangeStore?
    nonisolated private static let storeLock = NSLock()

    private var fetcher: RangeFetcher?
    /// The fetch each element is waiting on.
    private var fetches: [ObjectIdentifier: RangeFetch] = [:]

    func configure(store: RangeStore, fetcher: RangeFetcher) {
        Self.storeLock.withLock { Self.currentStore = store }
        self.fetcher = fetcher
    }

    /// Asks, from any thread, for `range` of the element's file; the answer
    /// goes to `instance.landed` / `instance.ended` with `token`.
    nonisolated static func post(_ body: @escaping @MainActor @Sendable () -> Void) {
        let box = ClosureBox<@MainActor @Sendable () -> Void>(body)
        g_idle_add_full(G_PRIORITY_DEFAULT, { data in
            guard let data else { return 0 }
            let box = ClosureBox<@MainActor @Sendable () -> Void>.from(data)
            MainActor.assumeIsolated { box.value() }
            return 0
        }, box.retainedPointer(), releaseBoxDestroyNotify)
    }

    func startFetch(for instance: CacheSourceInstance, token: UInt64, url: URL, key: CacheKey,
                    store: RangeStore, range: Range<Int64>) {
        let id = ObjectIdentifier(instance)
        fetches.removeValue(forKey: id)?.cancel()
        if store.available(key, from: range.lowerBound) > 0 {
            // Another fetch brought these bytes while the request was posted:
            // let the element look again instead of fetching them twice.
            instance.ended(token: token, .cancelled, stored: 0)
            return
        }
        if let fetcher, let running = fetcher.runningFetch(for: key, covering: range.lowerBound,
                                                             window: CacheReadPlan.readAheadBytes) {
            // A preload (or another player) is already bringing these bytes:
            // wait for it rather than fetch them twice. It is not ours to cancel.
            if Self.headers.priority(key) == .current { running.promote() }
            running.watch(progress: { reached in instance.landed(token: token, reached: reached) },
                          completion: { result in
                instance.ended(token: token, result.end,
                               stored: max(result.bytesStored, 1), rangeIgnored: result.rangeIgnored)
            })
            return
        }
        guard let fetcher else {
            instance.ended(token: token, .failed(FetchFailure(code: .unknown, message: "no fetcher registered")),
                           stored: 0)
            return
        }
        let fetch = fetcher.fetch(url: url, range: range, headers: Self.headers.get(key),
                                  priority: Self.headers.priority(key),
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

    var hasFetcher: Bool { fetcher != nil }

    /// A running fetch that will bring the first bytes of `key`'s file.
    func runningFetch(for key: CacheKey) -> RangeFetch? {
        fetcher?.runningFetch(for: key, covering: 0, window: CacheReadPlan.readAheadBytes)
    }

    /// Fetches the start of `key`'s file (whose response gives its length)
    /// for a player about to open it, with the key's headers and priority.
    func startHeadFetch(url: URL, key: CacheKey, progress: @escaping @MainActor (Int64) -> Void,
                        completion: @escaping @MainActor (FetchResult) -> Void) -> RangeFetch? {
        guard let fetcher, let store = Self.store else { return nil }
        return fetcher.fetch(url: url, range: 0..<CacheReadPlan.readAheadBytes, headers: Self.headers.get(key),
                             priority: Self.headers.priority(key), into: store, key: key,
                             progress: progress, completion: completion)
    }

    func promoteFetches(of key: CacheKey) {
        fetcher?.promoteFetches(of: key)
    }

    func cancelFetch(for instance: CacheSourceInstance) {
        fetches.removeValue(forKey: ObjectIdentifier(instance))?.cancel()
    }
}

/// Headers and fetch priorities per cache key, shared between threads.
final class HeaderTable: @unchecked Sendable {
    private let lock = NSLock()
    private var table: [CacheKey: [String: String]] = [:]
    private var speculative: Set<CacheKey> = []

    func setPriority(_ priority: FetchPriority, for key: CacheKey) {
        lock.withLock {
            if priority == .speculative { speculative.insert(key) } else { speculative.remove(key) }
        }
    }

    /// `.current` unless the key was marked speculative.
    func priority(_ key: CacheKey) -> FetchPriority {
        lock.withLock { speculative.contains(key) ? .speculative : .current }
    }

    func set(_ headers: [String: String], for key: CacheKey) {
        lock.withLock { table[key] = headers.isEmpty ? nil : headers }
    }

    func get(_ key: CacheKey) -> [String: String] {
        lock.withLock { table[key] ?? [:] }
    }
}
