import CGLib
import FeedCore
import FeedGObject
import FeedHTTP
import FeedSources
import Foundation

/// Saves a post's video, picture or sound as a file of its own, one at a
/// time: the bytes are gathered in the media cache (a post held whole
/// there costs no request; otherwise the same fetcher, with its bounds,
/// downloads it), checked against the cache's checksums, then copied to
/// a hidden temporary file in the destination and given its final name
/// only once whole, without replacing anything. A failure leaves no file
/// under the final name. GTK thread only; the copy runs on a worker.
@MainActor
public final class PostSaver {
    /// The most a saved post may weigh, in bytes, and the time it may take, in seconds.
    public static let limits = FetchLimits(maxBytes: 4 << 30, seconds: 30 * 60)

    /// The feed whose keys the post's bytes are cached under, in its cache.
    private let feed: CacheFeed
    private var cache: MediaCache { feed.cache }
    /// The save under way: its download (while it runs) and whether it was cancelled.
    private var running: (fetch: RangeFetch?, cancelled: Bool, key: CacheKey)?
    /// Saves done in this run (`saves_done`), and why the last one failed.
    public private(set) var savesDone = 0
    public private(set) var lastFailure: SaveFailure?

    public init(feed: CacheFeed) {
        self.feed = feed
    }

    /// Whether a save is under way.
    public var isSaving: Bool { running != nil }

    /// Saves `item` into `folder`. `progress` hears the share downloaded
    /// (nil while the length is unknown); `done` hears the saved file or
    /// why there is none. A second save while one runs is refused (false).
    @discardableResult
    public func save(_ item: FeedItem, headers: [String: String], into folder: URL,
                     progress: @escaping @MainActor (Double?) -> Void,
                     done: @escaping @MainActor (Result<URL, SaveFailure>) -> Void) -> Bool {
        guard running == nil else { return false }
        let finish: @MainActor (Result<URL, SaveFailure>) -> Void = { [weak self] result in
            if let key = self?.running?.key { self?.cache.store.unpin(key) }
            self?.running = nil
            switch result {
            case .success: self?.savesDone += 1; self?.lastFailure = nil
            case .failure(let failure): self?.lastFailure = failure
            }
            done(result)
        }
        let location = MediaLocation(item.uri)
        guard location != .file else { finish(.failure(.local)); return true }
        guard location != .hls else { finish(.failure(.streamed)); return true }
        guard location.isNetwork, let url = URL(string: item.uri) else { finish(.failure(.download(item.uri))); return true }
        let key = item.kind == .image ? cache.stillKey(url, for: item, in: feed) : feed.videoKey(for: item)
        cache.store.pin(key)
        running = (nil, false, key)
        if cache.store.completeFile(key) != nil {
            copy(item, key: key, into: folder, finish)
            return true
        }
        let fetch = cache.fetcher.fetch(url: url, range: nil, headers: headers, priority: .current, purpose: .read,
                                        into: cache.store, key: key, limits: Self.limits,
                                        progress: { [weak self] reached in
            guard let length = self?.cache.store.info(key)?.contentLength, length > 0 else { progress(nil); return }
            progress(min(1, Double(reached) / Double(length)))
        }) { [weak self] result in
            guard let self, self.running?.cancelled == false else { finish(.failure(.cancelled)); return }
            self.running?.fetch = nil
            switch result.end {
            case .failed(let failure):
                let why = failure.httpStatus.map { tr("the server answered %1$s").filled(String($0)) } ?? failure.message
                finish(.failure(.download(why)))
            case .cancelled:
                finish(.failure(.cancelled))
            case .finished, .pastEnd:
                guard self.cache.store.completeFile(key) != nil else {
                    let known = self.cache.store.info(key)?.contentLength != nil
                    finish(.failure(known ? .download(tr("the file did not arrive whole")) : .unknownLength))
                    return
                }
                self.copy(item, key: key, into: folder, finish)
            }
        }
        guard let fetch else { finish(.failure(.download(item.uri))); return true }
        running?.fetch = fetch
        return true
    }

    /// Stops the save under way; its `done` hears `.cancelled`.
    public func cancel() {
        guard running != nil else { return }
        running?.cancelled = true
        running?.fetch?.cancel()
    }

    /// Copies the cache's whole file of `key` into `folder` under a free
    /// name, on a worker; checks the cache's checksums first.
    private func copy(_ item: FeedItem, key: CacheKey, into folder: URL,
                      _ finish: @escaping @MainActor (Result<URL, SaveFailure>) -> Void) {
        guard let source = cache.store.completeFile(key) else { finish(.failure(.download(tr("the file left the cache")))); return }
        let store = cache.store
        let (title, id, kind, uri) = (item.title, item.id, item.kind, item.uri)
        WorkerThreads.saves.async {
            let result: Result<URL, SaveFailure>
            if !store.verify(key) {
                result = .failure(.download(tr("the cached copy is damaged; try again")))
            } else {
                result = SavedFile.write(from: source, into: folder) { taken in
                    SaveName.make(title: title, id: id, kind: kind, mediaURI: uri, taken: taken)
                }
            }
            MainThreadHop.reply(result, to: finish)
        }
    }
}
