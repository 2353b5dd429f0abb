import FeedCore
import FeedGObject
import Foundation

/// How one feed source talks to its server: feed pages and post details,
/// one request at a time, in the order asked. GTK thread only.
///
/// Polite on purpose (servers rate-limit anonymous clients):
/// - never more than one request of the source in flight;
/// - a 429 or 503 is asked again after what `Retry-After` or
///   `X-RateLimit-Reset` says, as FeedCore's ``RateLimitWait`` decides
///   (bounded in tries and in wait), and only then handed over;
/// - a page fetched before with an `ETag` is asked for with
///   `If-None-Match`, and a 304 answers the body kept from then (the last
///   ``maxRemembered`` such pages are kept, ``maxRememberedBytes`` of
///   bodies at most);
/// - the session's User-Agent names Flick and its version;
/// - with a ``ServiceCredential``, requests to the account's own origin
///   carry its token and follow no redirect; a 401 (or a token about to
///   expire) renews it once and asks again.
///
/// Every answer is a whole body within the size limit and the deadline
/// (``FeedRequest``). `cancelAll()` drops the queue and the request in
/// flight: their completions are never called.
@MainActor
public final class ServiceClient {
    public typealias Completion = @MainActor (Result<Response, FeedLoadError>) -> Void

    /// A 2xx answer (a 304 already replaced by the body it confirms).
    public struct Response: Sendable {
        public var status: Int
        public var body: Data
        /// After redirects.
        public var url: URL
        public var contentType: String?
        /// `Link`, `Retry-After`, `X-RateLimit-Reset`, `ETag`, by lowercased name.
        public var headers: [String: String]
    }

    public struct Options: Sendable, Equatable {
        /// Longest wait for one answer, in seconds.
        public var timeoutSeconds: Int
        /// The largest body accepted, in bytes.
        public var maxBytes: Int
        public init(timeoutSeconds: Int = 30, maxBytes: Int = FeedDocument.maxBytes) {
            self.timeoutSeconds = timeoutSeconds
            self.maxBytes = maxBytes
        }
    }

    /// Pages remembered for conditional requests, at most, and their
    /// bodies' bytes together (a server sending large pages with ETags
    /// must not make them pile up in memory).
    static let maxRemembered = 32
    static let maxRememberedBytes = 16 * 1_048_576

    public let options: Options
    /// The account pages are read with; nil: as a visitor.
    public let credential: ServiceCredential?
    private let session: GObjectRef
    /// A token is being renewed: nothing is sent until it is.
    private var renewing = false
    private struct Pending {
        var url: URL
        var accept: String
        var attempt: Int
        /// Whether its token was renewed for it already.
        var renewed = false
        var completion: Completion
    }
    private var queue: [Pending] = []
    private var inFlight: FeedRequest?
    private var waiting: MainLoopSource?
    private var remembered: [URL: (etag: String, response: Response)] = [:]
    private var rememberedOrder: [URL] = []
    private var rememberedBytes = 0

    /// Requests sent since the client was made, retries included (tests
    /// and the bench read it).
    public private(set) var requestsSent = 0

    public init(session: GObjectRef, options: Options = .init(), credential: ServiceCredential? = nil) {
        self.session = session
        self.options = options
        self.credential = credential
    }

    isolated deinit {
        inFlight?.cancel()
        waiting?.cancel()
    }

    /// Queues a GET of `url`; `completion` is called once, on the GTK thread.
    /// - Parameter accept: the Accept header; nil: the feed formats.
    public func get(_ url: URL, accept: String? = nil, completion: @escaping Completion) {
        queue.append(Pending(url: url, accept: accept ?? FeedRequest.feedAccept, attempt: 1, completion: completion))
        sendNext()
    }

    /// Drops every queued request and the one in flight, unanswered.
    public func cancelAll() {
        queue.removeAll()
        inFlight?.cancel()
        inFlight = nil
        waiting?.cancel()
        waiting = nil
        renewing = false
    }

    /// Whether a request is in flight or waiting its turn.
    public var isBusy: Bool { inFlight != nil || waiting != nil || !queue.isEmpty }

    private func sendNext() {
        guard inFlight == nil, waiting == nil, !renewing, !queue.isEmpty else { return }
        if let credential, !queue[0].renewed, credential.authorization(for: queue[0].url) != nil, credential.needsRenewal {
            renew(queue.removeFirst(), credential)
            return
        }
        let pending = queue.removeFirst()
        var headers: [String: String] = [:]
        if let etag = remembered[pending.url]?.etag { headers["If-None-Match"] = etag }
        let authorization = credential?.authorization(for: pending.url)
        if let authorization { headers["Authorization"] = authorization }
        requestsSent += 1
        let request = FeedRequest(url: pending.url, session: session, maxBytes: options.maxBytes,
                                  timeoutSeconds: options.timeoutSeconds, accept: pending.accept,
                                  headers: headers, followRedirects: authorization == nil) { [weak self] outcome in
            guard let self else { return }
            self.inFlight = nil
            self.finish(pending, outcome)
        }
        guard let request else {
            // libsoup would not take the URL: answered on the next turn, as a real one would be.
            let url = pending.url
            waiting = MainLoopSource.after(milliseconds: 0) { [weak self] in
                self?.waiting = nil
                pending.completion(.failure(.invalidURL(url.absoluteString)))
                self?.sendNext()
            }
            return
        }
        inFlight = request
    }

    private func finish(_ pending: Pending, _ outcome: FeedRequest.Outcome) {
        defer { sendNext() }
        let answer: FeedRequest.Response
        switch outcome {
        case .failure(let error):
            pending.completion(.failure(error))
            return
        case .response(let value):
            answer = value
        }
        let hint = RateLimitHint.seconds(retryAfter: answer.headers["retry-after"],
                                         rateLimitReset: answer.headers["x-ratelimit-reset"] ?? answer.headers["ratelimit-reset"])
        if case .retry(let seconds) = RateLimitWait.decide(status: answer.status, attempt: pending.attempt, hintSeconds: hint) {
            var again = pending
            again.attempt += 1
            queue.insert(again, at: 0)
            waiting = MainLoopSource.after(milliseconds: UInt32(saturatingRounded: seconds * 1000)) { [weak self] in
                self?.waiting = nil
                self?.sendNext()
            }
            return
        }
        if ServiceCredential.refused(status: answer.status, body: answer.body), !pending.renewed, let credential,
           credential.authorization(for: pending.url) != nil {
            renew(pending, credential)
            return
        }
        if answer.status == 304, let kept = remembered[pending.url] {
            pending.completion(.success(kept.response))
            return
        }
        guard (200..<300).contains(answer.status) else {
            pending.completion(.failure(.httpStatus(answer.status, reason: answer.reason)))
            return
        }
        let response = Response(status: answer.status, body: answer.body, url: answer.url,
                                contentType: answer.contentType, headers: answer.headers)
        if let etag = answer.headers["etag"], !etag.isEmpty { remember(pending.url, etag: etag, response) }
        pending.completion(.success(response))
    }

    /// Renews the token, then asks `pending` again (first in the queue);
    /// a token that cannot be renewed answers it with a 401.
    private func renew(_ pending: Pending, _ credential: ServiceCredential) {
        renewing = true
        credential.renew { [weak self] renewed in
            guard let self, renewing else { return }
            renewing = false
            if renewed {
                var again = pending
                again.renewed = true
                queue.insert(again, at: 0)
            } else {
                pending.completion(.failure(.httpStatus(401, reason: nil)))
            }
            sendNext()
        }
    }

    private func remember(_ url: URL, etag: String, _ response: Response) {
        if let old = remembered.updateValue((etag, response), forKey: url) {
            rememberedBytes -= old.response.body.count
        } else {
            rememberedOrder.append(url)
        }
        rememberedBytes += response.body.count
        while rememberedOrder.count > Self.maxRemembered || rememberedBytes > Self.maxRememberedBytes,
              !rememberedOrder.isEmpty {
            let oldest = rememberedOrder.removeFirst()
            rememberedBytes -= remembered.removeValue(forKey: oldest)?.response.body.count ?? 0
        }
    }
}
