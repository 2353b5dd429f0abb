import CGLib
import CSoup
import FeedCore
import FeedGObject
import FeedHTTP
import Foundation

/// The app's one libsoup session, and byte-range fetches on it that write
/// through to the range store as each chunk lands.
///
/// GTK thread only (`@MainActor`): the session is made, used and answered
/// on the default main context. Threads that need bytes (the cache source's
/// streaming threads) post a request here and wait for their own signal;
/// they never touch the session.
///
/// TLS certificates are always verified: libsoup 3 refuses a bad certificate
/// unless an `accept-certificate` handler says otherwise, and none is ever
/// connected.
@MainActor
public final class RangeFetcher {
    /// How the session talks to servers (see ``HTTPOptions``).
    public typealias Options = HTTPOptions

    public let options: Options
    /// The SoupSession (one reference).
    let session: GObjectRef

    /// Network body bytes fetched for the current item, since the fetcher was made.
    public private(set) var activeBytes: Int64 = 0
    /// Network body bytes fetched ahead, since the fetcher was made.
    public private(set) var speculativeBytes: Int64 = 0
    /// Fetches started and not yet completed.
    public private(set) var inFlight = 0

    private var nextToken: UInt64 = 0
    /// Fetches asked for and not completed (started or queued), by token.
    private var running: [UInt64: RangeFetch] = [:]
    /// Fetches waiting for a free slot of their origin, oldest first.
    private var queued: [RangeFetch] = []
    /// Fetches started (on the network) per origin.
    private var started: [String: Int] = [:]
    private var startedTokens: Set<UInt64> = []

    /// Fetches on the network at once per origin: the session's per-host
    /// limit, so libsoup never queues one of ours; the order of the rest is
    /// decided here (the current item's first, then the oldest).
    public var slotsPerOrigin: Int { max(1, options.maxConnectionsPerHost) }

    /// - Parameter session: the libsoup session to use; nil makes one with
    ///   `options` (an engine passes ``HTTPSessions/media``).
    public init(options: Options = .init(), session: GObjectRef? = nil) {
        self.options = options
        self.session = session ?? HTTPSessions.makeSession(options)
    }

    isolated deinit {
        // Stops this fetcher's requests; a shared session stays usable.
        for fetch in running.values { fetch.cancel() }
    }

    /// Starts fetching `range` of `url` (nil: the whole file) into `store`
    /// under `key`, writing each chunk as it lands.
    ///
    /// - Parameters:
    ///   - headers: the item's own headers; sent to `url`'s origin only, and
    ///     dropped when a redirect leads to another origin.
    ///   - limits: for a whole file read for a decoder: its size, counted as
    ///     it arrives, and one deadline for all of it.
    ///   - generation: the caller's generation, handed back in the result.
    ///   - progress: called after each chunk is written, with the offset the
    ///     stored bytes now reach.
    ///   - completion: called once, on the GTK thread, unless the fetch is
    ///     cancelled with `cancel(silently: true)`.
    /// - Returns: the running fetch, or nil when libsoup will not take the
    ///   URL (the completion is then never called).
    @discardableResult
    public func fetch(url: URL, range: Range<Int64>?, headers: [String: String] = [:],
                      priority: FetchPriority = .current, purpose: FetchPurpose = .read,
                      into store: RangeStore, key: CacheKey,
                      limits: FetchLimits? = nil, generation: UInt64 = 0,
                      progress: (@MainActor (_ reachedOffset: Int64) -> Void)? = nil,
                      completion: @escaping @MainActor (FetchResult) -> Void) -> RangeFetch? {
        if let range, range.isEmpty { return nil }
        // An origin that answers every range with the whole file: the one
        // sequential download from the start is what the current item
        // waits on (a preload still stops at its range's end).
        var range = range
        if priority == .current, rangelessOrigins.contains(RangeFetch.origin(of: url)) { range = nil }
        nextToken += 1
        let fetch = RangeFetch(fetcher: self, token: nextToken, generation: generation, url: url, range: range, headers: headers,
                               priority: priority, purpose: purpose, store: store, key: key, limits: limits,
                               progress: progress) { [weak self] result in
            self?.ended(result.token)
            completion(result)
        }
        guard let fetch else { return nil }
        inFlight += 1
        running[fetch.token] = fetch
        queued.append(fetch)
        startQueued()
        return fetch
    }

    /// Fetches asked for that wait for a free slot of their origin.
    public var queuedCount: Int { queued.count }

    private func ended(_ token: UInt64) {
        inFlight -= 1
        guard let fetch = running.removeValue(forKey: token) else { return }
        if startedTokens.remove(token) != nil {
            started[fetch.originKey, default: 1] -= 1
        } else {
            queued.removeAll { $0.token == token }
        }
        startQueued()
    }

    /// Starts waiting fetches whose origin has a free slot: the current
    /// item's first, then the oldest.
    private func startQueued() {
        while true {
            let ready = queued.filter { started[$0.originKey, default: 0] < slotsPerOrigin && !$0.isDone }
            guard let next = ready.first(where: { $0.priority == .current }) ?? ready.first else { return }
            queued.removeAll { $0.token == next.token }
            started[next.originKey, default: 0] += 1
            startedTokens.insert(next.token)
            next.start()
        }
    }

    /// Promotes every running fetch of `key` to the current item's (see
    /// ``RangeFetch/promote()``): the item just became current.
    public func promoteFetches(of key: CacheKey) {
        for fetch in running.values where fetch.key == key { fetch.promote() }
        startQueued()
    }

    /// The running (or queued) fetches of `purpose`, by key; the newest
    /// when a key has two.
    public func running(_ purpose: FetchPurpose) -> [CacheKey: RangeFetch] {
        var found: [CacheKey: RangeFetch] = [:]
        for fetch in running.values where fetch.purpose == purpose && !fetch.isEnding
            && (found[fetch.key].map { $0.token < fetch.token } ?? true) {
            found[fetch.key] = fetch
        }
        return found
    }

    /// A running fetch of `key` that will bring `offset` soon: it has not
    /// passed it, will reach it before its end, and is less than `window`
    /// bytes short of it (any distance on a range-less origin, whose one
    /// sequential download is the only way to the bytes). Joining it
    /// (`watch`, `promote`) saves asking the network twice for the same
    /// bytes (a preload, then playback).
    public func runningFetch(for key: CacheKey, covering offset: Int64, window: Int64) -> RangeFetch? {
        running.values.first { fetch in
            fetch.key == key && !fetch.isEnding && fetch.position <= offset
                && (offset - fetch.position < window || rangelessOrigins.contains(fetch.originKey))
                && (fetch.end.map { offset < $0 } ?? true)
        }
    }

    /// Origins (`scheme://host:port`) that answered a Range request with
    /// the whole file, for the life of the fetcher: their files are read once.
    public private(set) var rangelessOrigins: Set<String> = []

    /// A fetch saw its Range request answered with the whole file.
    func ignoredRange(origin: String) {
        rangelessOrigins.insert(origin)
    }

    /// Called for every chunk read from the network, with its key, priority
    /// and size in bytes: where the app feeds its byte accounting (active,
    /// speculative, wasted) per item, whoever started the fetch.
    public var onBytesFetched: (@MainActor (CacheKey, FetchPriority, Int64) -> Void)?

    /// Counts network bytes for byte accounting.
    func account(_ bytes: Int64, _ priority: FetchPriority, key: CacheKey) {
        switch priority {
        case .current: activeBytes += bytes
        case .speculative: speculativeBytes += bytes
        }
        onBytesFetched?(key, priority, bytes)
    }
}
