import FeedCore
import FeedHTTP
import Foundation

/// Holds a player back until the cache source can open its file: until the
/// store knows the file's length.
///
/// Why: playbin opens the source when it goes to PAUSED (on the player's
/// state thread), and basesrc asks its size only then; pull-mode typefind
/// fails ("Internal data stream error") when the size is unknown, and
/// waiting for the network there would hold up the player's resets. So
/// the first response (its
/// Content-Range or Content-Length) comes before the player opens the URI.
/// The bytes it brings are the start of the file, which the player reads
/// next; a failure (a 503, a 403) becomes the player's failure, with its
/// status, for the retry policy.
///
/// GTK thread only. One gate per waiting player binding.
@MainActor
public final class CacheOpenGate {
    private let url: URL
    private let key: CacheKey
    private let hub: CacheSourceHub
    private var done: (@MainActor (FetchFailure?) -> Void)?
    /// The fetch this gate started (nil while joined to someone else's).
    private var ownFetch: RangeFetch?
    /// Joins to someone else's fetch that ended in `.cancelled` before the
    /// length came; after two, the gate fetches for itself.
    private var joinsLost = 0

    /// Nil when the player can open `uri` at once: not a `flick-cache` URI,
    /// no cache registered, or the length already known. Otherwise `done`
    /// runs once, later, with nil (open now) or the failure to report,
    /// unless `cancel()` runs first.
    public static func wait(for uri: String, _ done: @escaping @MainActor (FetchFailure?) -> Void) -> CacheOpenGate? {
        guard let (url, key, hubID) = CacheURI.parse(uri), let hub = CacheSourceHubs.hub(hubID),
              hub.store.info(key)?.contentLength == nil else { return nil }
        let gate = CacheOpenGate(url: url, key: key, hub: hub, done: done)
        gate.attach()
        return gate
    }

    private init(url: URL, key: CacheKey, hub: CacheSourceHub, done: @escaping @MainActor (FetchFailure?) -> Void) {
        self.url = url
        self.key = key
        self.hub = hub
        self.done = done
    }

    /// Stops waiting; `done` will not run. A fetch the gate started stops
    /// too (the bytes that landed stay).
    public func cancel() {
        done = nil
        ownFetch?.cancel()
        ownFetch = nil
    }

    private func attach() {
        if joinsLost < 2, let running = hub.runningFetch(for: key) {
            // A preload is already bringing the first bytes: wait for it.
            running.watch(progress: { [weak self] _ in self?.landed() },
                          completion: { [weak self] result in self?.ended(result, own: false) })
            return
        }
        ownFetch = hub.startHeadFetch(url: url, key: key,
                                         progress: { [weak self] _ in self?.landed() },
                                         completion: { [weak self] result in self?.ended(result, own: true) })
        if ownFetch == nil {
            finish(FetchFailure(code: .unknown, message: "libsoup refused \(url.absoluteString)"))
        }
    }

    private func landed() {
        guard hub.store.info(key)?.contentLength != nil else { return }
        finish(nil)
    }

    private func ended(_ result: FetchResult, own: Bool) {
        if own { ownFetch = nil }
        guard done != nil else { return }
        switch result.end {
        case .failed(let failure):
            finish(failure)
        case .cancelled where own:
            finish(FetchFailure(code: .unknown, message: "the download of \(url.absoluteString) stopped"))
        case .cancelled:
            // Someone else's preload left the plan before the length came.
            joinsLost += 1
            attach()
        case .finished, .pastEnd:
            // The response gave a length the store no longer has (the entry
            // was dropped meanwhile): ask again rather than open blind.
            if result.contentLength != nil, hub.store.info(key)?.contentLength == nil, joinsLost < 2 {
                joinsLost += 1
                attach()
                return
            }
            // A server that never says the length: open anyway, the
            // source reads to the end of what there is.
            finish(nil)
        }
    }

    private func finish(_ failure: FetchFailure?) {
        guard let done else { return }
        self.done = nil
        done(failure)
    }
}
