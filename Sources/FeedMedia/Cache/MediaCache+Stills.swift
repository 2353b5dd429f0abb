import FeedCore
import FeedHTTP
import Foundation

/// Pictures (photo posts and posters) through the same fetcher and store
/// as videos, into the image budget: fetched whole, decoded from the
/// store's file while it is pinned. GTK thread only.
extension MediaCache: RemoteStillSource {
    /// Pictures larger than this are refused, in bytes, counted as they arrive.
    public static let maxStillBytes: Int64 = 40 * 1_048_576
    /// The bounds of every picture download: its size and 60 s for all of it.
    static let stillLimits = FetchLimits(maxBytes: maxStillBytes, seconds: 60)

    /// The key a still is cached under: a photo post's is its `cacheKey`
    /// or id; a video's poster has its own key next to the video's.
    public func stillKey(_ url: URL, for item: FeedItem, in feed: CacheFeed? = nil) -> CacheKey {
        let extra = feed?.extras(item)
        let base = extra?.cacheKey ?? item.id
        let name = item.kind == .image && url.absoluteString == item.uri ? base : "\(base)#poster"
        let key = CacheKey.scoped(.image, scope: scope(for: item, in: feed), name: name)
        if let headers = extra?.headers, !headers.isEmpty { hub?.setHeaders(headers, for: key) }
        return key
    }

    public func fetchStill(_ url: URL, for item: FeedItem,
                           completion: @escaping @MainActor (Result<StillFile, RemoteImageError>) -> Void) {
        fetchStill(url, for: item, in: nil, completion: completion)
    }

    /// Brings the still at `url` of `item`, keyed as `feed` keys it.
    func fetchStill(_ url: URL, for item: FeedItem, in feed: CacheFeed?,
                    completion: @escaping @MainActor (Result<StillFile, RemoteImageError>) -> Void) {
        let key = stillKey(url, for: item, in: feed)
        if let file = heldFile(key) {
            completion(.success(file))
            return
        }
        if stillWaiters[key] != nil {
            stillWaiters[key]?.append(completion)
            return
        }
        stillWaiters[key] = [completion]
        // A plan preload already bringing it becomes the shown picture's fetch.
        if let running = fetcher.running(.picturePreload)[key] {
            running.claim(for: .read)
            running.promote()
            running.watch(progress: { _ in }, completion: { [weak self] result in self?.stillFetched(key, result) })
            return
        }
        let fetch = fetcher.fetch(url: url, range: nil, headers: headers(for: key), priority: .current,
                                  into: store, key: key, limits: Self.stillLimits) { [weak self] result in self?.stillFetched(key, result) }
        if fetch == nil { finishStill(key, .failure(.download("libsoup refused \(url.absoluteString)"))) }
    }

    /// Fetches the stills the plan wants on disk ahead (`fetch` and
    /// `decode` work of items not mounted yet), at low priority; cancels
    /// those that left the plan (the bytes that landed stay).
    func applyStills(_ plan: PreloadPlan, item: (Int) -> FeedItem?, healthy: Bool, feed: CacheFeed) {
        var wanted: [CacheKey: URL] = [:]
        for entry in plan.entries where healthy && (entry.image == .fetch || entry.image == .decode) {
            guard let feedItem = item(entry.index),
                  let still = feedItem.kind == .image ? feedItem.uri : feedItem.poster,
                  MediaLocation(still).isNetwork, let url = URL(string: still) else { continue }
            let key = stillKey(url, for: feedItem, in: feed)
            if store.status(key) != .complete, stillWaiters[key] == nil { wanted[key] = url }
        }
        let running = fetcher.running(.picturePreload)
        for (key, fetch) in running where wanted[key] == nil { fetch.cancel() }
        for (key, url) in wanted where running[key] == nil {
            fetcher.fetch(url: url, range: nil, headers: headers(for: key), priority: .speculative,
                          purpose: .picturePreload, into: store, key: key, limits: Self.stillLimits) { _ in }
        }
    }

    /// The complete file of `key`, pinned until the decoder releases it;
    /// the decoder checks it against its block checksums first (off the
    /// GTK thread), and a mismatch drops it so the picture is fetched again.
    private func heldFile(_ key: CacheKey) -> StillFile? {
        store.pin(key)
        guard let file = store.completeFile(key) else {
            store.unpin(key)
            return nil
        }
        let store = self.store
        return StillFile(url: file, fromCache: true, release: { store.unpin(key) }, discard: { store.remove(key) },
                         verify: { store.verify(key) })
    }

    private func stillFetched(_ key: CacheKey, _ result: FetchResult) {
        switch result.end {
        case .failed(let failure):
            finishStill(key, .failure(failure.httpStatus.map(RemoteImageError.httpStatus) ?? .failed(failure)))
        case .cancelled, .pastEnd:
            finishStill(key, .failure(.download("the download stopped")))
        case .finished:
            if let length = result.contentLength, length > Self.maxStillBytes {
                store.remove(key)
                finishStill(key, .failure(.tooLarge(limitBytes: Self.maxStillBytes)))
            } else if let file = heldFile(key) {
                finishStill(key, .success(file))
            } else {
                finishStill(key, .failure(.save("the picture did not fit in the image cache")))
            }
        }
    }

    /// Answers everyone waiting for `key`; each success holds its own pin.
    private func finishStill(_ key: CacheKey, _ result: Result<StillFile, RemoteImageError>) {
        var waiters = stillWaiters.removeValue(forKey: key) ?? []
        guard !waiters.isEmpty else {
            if case .success(let file) = result { file.release() }
            return
        }
        let first = waiters.removeFirst()
        first(result)
        for waiter in waiters {
            if case .success = result, let file = heldFile(key) { waiter(.success(file)) } else { waiter(result) }
        }
    }
}
