import CGLib
import CSoup
import FeedCore
import FeedGObject
import FeedHTTP
import FeedSources
import Foundation

/// One running byte-range fetch on the fetcher's session: sends the GET,
/// then reads the body chunk by chunk (`g_input_stream_read_bytes_async`)
/// and writes each chunk to the store as it lands. The write runs on the
/// store's disk queue and the next chunk is read once it is done, so the
/// GTK thread never waits on the disk and at most one chunk per fetch is
/// in flight.
///
/// GTK thread only. Holds itself alive while libsoup or GIO owes it a
/// callback (the callback's box holds a reference).
@MainActor
public final class RangeFetch {
    /// Unique per fetcher, increasing: carried by the result.
    public let token: UInt64
    /// The caller's generation, carried to the result.
    public let generation: UInt64
    public let url: URL
    /// The range asked for; nil for the whole file.
    public let range: Range<Int64>?
    public let key: CacheKey
    /// Speculative until someone who needs the bytes now joins (`promote()`).
    public internal(set) var priority: FetchPriority
    /// Why it runs; a plan's picture preload becomes a `.read` when the
    /// picture is shown (`claim(for:)`).
    public internal(set) var purpose: FetchPurpose

    /// The file offset of the next body byte, where stored bytes reach (a
    /// chunk being written counts once it has landed).
    public var position: Int64 { answer.position }
    /// Whether the fetch has completed (or been cancelled).
    public var isDone: Bool { listeners.completion == nil }
    /// Whether it was stopped and brings nothing more (its completion is
    /// still to run, on a later turn of the loop), or is done.
    public var isEnding: Bool { isDone || stopReason != nil }
    /// Whether reading is held back by `pause()`.
    public private(set) var isPaused = false

    weak var fetcher: RangeFetcher?
    let store: RangeStore
    let itemHeaders: [String: String]
    /// `scheme://host:port` of the URL asked for (the fetcher queues per origin).
    let originKey: String
    /// Bounds of a whole-file fetch read for a decoder (pictures).
    let limits: FetchLimits?
    /// The message, its stream, deadlines and owed callbacks.
    var exchange: FetchExchange
    /// Who hears of progress and the end.
    var listeners: FetchListeners
    /// What the answer said and how much of it landed.
    var answer: FetchAnswer
    /// Set when this side stopped the fetch, saying why.
    var stopReason: FetchResult.End?

    init?(fetcher: RangeFetcher, token: UInt64, generation: UInt64, url: URL, range: Range<Int64>?, headers: [String: String],
          priority: FetchPriority, purpose: FetchPurpose, store: RangeStore, key: CacheKey, limits: FetchLimits? = nil,
          progress: (@MainActor (Int64) -> Void)?, completion: @escaping @MainActor (FetchResult) -> Void) {
        guard MediaLocation(url.absoluteString).isNetwork,
              let made = soup_message_new("GET", url.absoluteString),
              let message = GObjectRef(owning: UnsafeMutableRawPointer(made)),
              let cancellable = GObjectRef(owning: UnsafeMutableRawPointer(g_cancellable_new())) else { return nil }
        self.fetcher = fetcher
        self.token = token
        self.generation = generation
        self.url = url
        self.range = range
        self.key = key
        self.priority = priority
        self.purpose = purpose
        self.store = store
        self.limits = limits
        self.itemHeaders = headers.filter { HTTPHeaderRules.isValid(name: $0.key, value: $0.value) }
        self.originKey = Self.origin(of: url)
        exchange = FetchExchange(message: message, cancellable: cancellable)
        listeners = FetchListeners(progress: progress, completion: completion)
        answer = FetchAnswer(range: range)

        let requestHeaders = soup_message_get_request_headers(made)
        for (name, value) in itemHeaders { soup_message_headers_replace(requestHeaders, name, value) }
        // Offsets are of the file itself: never a compressed body.
        soup_message_headers_replace(requestHeaders, "Accept-Encoding", "identity")
        if let range {
            soup_message_headers_set_range(requestHeaders, goffset(range.lowerBound), goffset(range.upperBound - 1))
            // The rest of a file we hold part of: only if it is still the
            // same file, else the whole new one (and the old bytes go).
            if let validator = Self.ifRangeValidator(store.info(key)) {
                soup_message_headers_replace(requestHeaders, "If-Range", validator)
                answer.sentIfRange = true
            }
        }
        if priority == .speculative { soup_message_set_priority(made, SOUP_MESSAGE_PRIORITY_LOW) }
    }

    /// What If-Range carries for an entry holding bytes: its strong ETag,
    /// else its Last-Modified date; nil when it holds nothing or has neither
    /// (RFC 9110: a weak ETag may not be used there).
    static func ifRangeValidator(_ info: CacheEntryInfo?) -> String? {
        guard let info, info.ranges.totalBytes > 0 else { return nil }
        if let etag = info.etag, !etag.hasPrefix("W/") { return etag }
        return info.lastModified
    }

    var ioPriority: Int32 { priority == .speculative ? G_PRIORITY_LOW : G_PRIORITY_DEFAULT }
    var soupMessage: OpaquePointer { OpaquePointer(exchange.message.raw) }
    var gCancellable: UnsafeMutablePointer<GCancellable> { exchange.cancellable.pointer(as: GCancellable.self) }

    func start() {
        guard let fetcher else { return }
        // A redirect to another origin must not carry the item's headers.
        exchange.restartedHandler = Signals.connect(exchange.message.raw, "restarted") { [weak self] in self?.restarted() }
        exchange.headersDeadline = MainLoopSource.after(milliseconds: UInt32(max(1, fetcher.options.connectTimeoutSeconds)) * 1000) {
            [weak self] in self?.stop(.failed(FetchFailure(code: .timeout, message: "timed out waiting for the server")))
        }
        if let seconds = limits?.seconds {
            exchange.wholeDeadline = MainLoopSource.after(milliseconds: UInt32(clamping: max(1, seconds)) &* 1000) { [weak self] in
                self?.stop(.failed(FetchFailure(code: .timeout, message: "it did not arrive whole within \(seconds) s")))
            }
        }
        exchange.operationPending = true
        soup_session_send_async(fetcher.session.pointer(as: SoupSession.self), soupMessage, ioPriority,
                                gCancellable, AsyncReady.callback, AsyncReady.userData { [self] in sent($0) })
    }

    /// Stops the fetch; the bytes that landed stay in the store. The
    /// completion runs with `.cancelled`, on a later turn of the loop.
    public func cancel() {
        stop(.cancelled)
    }

    /// Where the kept bytes stop (nil: the end of the body).
    public var end: Int64? { answer.keepUntil }

    /// Lets someone else wait for this fetch's bytes instead of asking for
    /// them again: `progress` after each chunk with the offset reached,
    /// `completion` once at the end (same result as the owner's).
    public func watch(progress: @escaping @MainActor (Int64) -> Void,
                      completion: @escaping @MainActor (FetchResult) -> Void) {
        guard !isDone else { return }
        listeners.watchers.append((progress, completion))
    }

    /// Makes a speculative fetch the current item's: normal priority from
    /// now on, bytes counted as active, and reading again if paused.
    public func promote() {
        guard priority == .speculative, !isDone else { return }
        priority = .current
        // The current item's download of a range-less file runs to its end.
        if answer.rangeIgnored { answer.keepUntil = answer.contentLength }
        soup_message_set_priority(soupMessage, SOUP_MESSAGE_PRIORITY_NORMAL)
        resume()
    }

    /// Hands the fetch to another purpose: a picture preload the shown
    /// picture now waits for is no longer the plan's to cancel.
    public func claim(for purpose: FetchPurpose) {
        self.purpose = purpose
    }

    /// Holds back further reads (speculative fetches, while the current
    /// item needs the link). The server is slowed by TCP once buffers fill.
    public func pause() {
        isPaused = true
    }

    /// Reads again after `pause()`.
    public func resume() {
        guard isPaused else { return }
        isPaused = false
        if exchange.stream != nil, !exchange.operationPending, !isDone { readNext() }
    }

    func stop(_ reason: FetchResult.End) {
        guard !isDone, stopReason == nil else { return }
        stopReason = reason
        g_cancellable_cancel(gCancellable)
        if !exchange.operationPending {
            // Paused between reads: nothing owes a callback, end now (next turn).
            MainLoopSource.idle { [self] in finish(reason); return false }
        }
    }

    func restarted() {
        guard let uri = soup_message_get_uri(soupMessage) else { return }
        let scheme = g_uri_get_scheme(uri).map { String(cString: $0) }
        let host = g_uri_get_host(uri).map { String(cString: $0) }
        let port = Int(g_uri_get_port(uri))
        guard Self.origin(scheme: scheme, host: host, port: port < 0 ? nil : port) != originKey else { return }
        let requestHeaders = soup_message_get_request_headers(soupMessage)
        for name in itemHeaders.keys { soup_message_headers_remove(requestHeaders, name) }
    }

    /// `scheme://host:port` of `url`, the fetcher's unit of queues and range-less origins.
    static func origin(of url: URL) -> String {
        origin(scheme: url.scheme, host: url.host, port: url.port)
    }

    /// `scheme://host:port` with the scheme's default port filled in.
    static func origin(scheme: String?, host: String?, port: Int?) -> String {
        let scheme = scheme?.lowercased() ?? ""
        let port = port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\(host?.lowercased() ?? ""):\(port)"
    }
}
