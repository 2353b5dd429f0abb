import CGLib
import CSoup
import FeedCore
import FeedGObject
import FeedHTTP
import Foundation

/// Loads the pages of one JSON feed over HTTP, one at a time, in order:
/// Flick's format or a JSON Feed, as ``FeedFormat`` says (by default the
/// first page says which).
///
/// GTK thread only: one SoupSession on the default main context; every
/// answer arrives there. Each load carries the loader's generation, and an
/// answer that comes back after `loadFirst()` started over or `cancel()`
/// is dropped without calling its completion.
///
/// The loader remembers where the feed goes next (a URL, or the feed URL
/// with a cursor), the ids already handed out (a later page repeating one
/// has it skipped) and the URLs already fetched (a `next` that loops back
/// ends the feed). A page with no usable items but a `next` is followed at
/// once, up to ``Options/emptyPagesFollowed`` times, so the pager always
/// gets something to show or the end. Requests go through a
/// ``ServiceClient``: one at a time, a 429 or 503 waited out as the server
/// asks, a page read before asked for again with its ETag.
@MainActor
public final class FeedPageLoader {
    public typealias Completion = @MainActor (Result<FeedPageResult, FeedLoadError>) -> Void

    /// How the loader talks to the server.
    public struct Options: Sendable, Equatable {
        /// Longest wait for a whole page, in seconds.
        public var timeoutSeconds: Int
        /// The largest page accepted, in bytes.
        public var maxBytes: Int
        /// Empty pages with a `next` followed before handing one over.
        public var emptyPagesFollowed: Int

        public init(timeoutSeconds: Int = 30, maxBytes: Int = FeedDocument.maxBytes, emptyPagesFollowed: Int = 4) {
            self.timeoutSeconds = timeoutSeconds
            self.maxBytes = maxBytes
            self.emptyPagesFollowed = emptyPagesFollowed
        }
    }

    /// The feed's own URL; cursors are sent back on it.
    public let feedURL: URL
    public let options: Options
    /// The height in device pixels a video's renditions are chosen for,
    /// asked at each page (the window and the quality setting change).
    public var renditionHeight: @MainActor () -> Int = { SyndicationDocument.renditionPageHeight }
    /// What the pages are read as: as asked, or, for `.detect`, what the
    /// first page turned out to be (from then on until `loadFirst()`).
    public private(set) var format: FeedFormat
    private let askedFormat: FeedFormat

    /// A page load is running.
    public private(set) var isLoading = false
    /// The last page said there is nothing more (or pointed back at a page already read).
    public private(set) var endReached = false
    /// Pages handed over since `loadFirst()`, empty ones followed included.
    public private(set) var pagesLoaded = 0

    /// One request at a time, 429s waited out, pages asked again with their ETag.
    private let client: ServiceClient
    private var generations = GenerationGuard()
    /// The URL `loadNext()` fetches; nil before the first page.
    private var nextURL: URL?
    private var knownIDs = Set<String>()
    private var visitedURLs = Set<URL>()

    /// - Parameter session: the libsoup session (an engine's
    ///   ``HTTPSessions/api``; default: one of its own); each request keeps
    ///   `options.timeoutSeconds` as its own deadline.
    ///   `format`: what the pages are (default: the first page says).
    public init(feedURL: URL, format: FeedFormat = .detect, options: Options = .init(),
                session: GObjectRef = HTTPSessions.standalone(), credential: ServiceCredential? = nil) {
        self.feedURL = feedURL
        self.format = format
        askedFormat = format
        self.options = options
        client = ServiceClient(session: session, options: .init(timeoutSeconds: options.timeoutSeconds,
                                                                maxBytes: options.maxBytes),
                               credential: credential)
    }

    /// Starts the feed over from its first page, dropping a load in flight
    /// and everything remembered. Always starts. Returns true.
    @discardableResult
    public func loadFirst(completion: @escaping Completion) -> Bool {
        cancel()
        endReached = false
        pagesLoaded = 0
        knownIDs.removeAll()
        visitedURLs.removeAll()
        format = askedFormat
        nextURL = feedURL
        let generation = generations.bind()
        guard MediaLocation(feedURL.absoluteString).isNetwork else {
            // Answer on the next turn of the loop, as a real load would.
            let error = FeedLoadError.invalidURL(feedURL.absoluteString)
            MainLoopSource.idle { [weak self] in
                if self?.generations.accepts(generation) == true { completion(.failure(error)) }
                return false
            }
            return true
        }
        start(feedURL, generation: generation, skippedSoFar: [], emptyFollowed: 0, completion: completion)
        return true
    }

    /// Loads the page after the last one. Does nothing (returns false)
    /// while a load is in flight, after the end, or before `loadFirst()`.
    /// After a failure it asks for the same page again.
    @discardableResult
    public func loadNext(completion: @escaping Completion) -> Bool {
        guard !isLoading, !endReached, let nextURL else { return false }
        start(nextURL, generation: generations.current, skippedSoFar: [], emptyFollowed: 0, completion: completion)
        return true
    }

    /// Drops the load in flight, if any: its completion is never called.
    public func cancel() {
        generations.invalidate()
        client.cancelAll()
        isLoading = false
    }

    private func start(_ url: URL, generation: UInt64, skippedSoFar: [SkippedFeedItem], emptyFollowed: Int,
                       completion: @escaping Completion) {
        isLoading = true
        client.get(url) { [weak self] outcome in
            guard let self, self.generations.accepts(generation) else { return }
            self.isLoading = false
            self.finish(outcome, url: url, generation: generation, skippedSoFar: skippedSoFar,
                        emptyFollowed: emptyFollowed, completion: completion)
        }
    }

    private func finish(_ outcome: Result<ServiceClient.Response, FeedLoadError>, url: URL, generation: UInt64,
                        skippedSoFar: [SkippedFeedItem], emptyFollowed: Int, completion: @escaping Completion) {
        let response: ServiceClient.Response
        switch outcome {
        case .failure(let error):
            completion(.failure(error))
            return
        case .success(let value):
            response = value
        }
        var page: FeedPage
        do {
            // Parsed as asked, so `.detect` can still say an HTML page is no feed.
            let asked = format
            format = format.resolved(for: response.body)
            page = try asked.parse(response.body, pageURL: response.url, headers: response.headers, knownIDs: knownIDs,
                                   renditionHeight: renditionHeight())
        } catch {
            completion(.failure(Self.namingContentType(error, response.contentType)))
            return
        }
        page.skipped = skippedSoFar + page.skipped
        visitedURLs.insert(url)
        visitedURLs.insert(response.url)
        knownIDs.formUnion(page.items.map(\.id))
        pagesLoaded += 1
        let pageIndex = pagesLoaded - 1

        let next = page.next.requestURL(feedURL: feedURL)
        if let next, visitedURLs.contains(next) {
            page.unusableNext = next.absoluteString
            page.next = .end
        }
        nextURL = page.next == .end ? nil : next
        endReached = nextURL == nil

        if page.items.isEmpty, let nextURL, emptyFollowed < options.emptyPagesFollowed {
            start(nextURL, generation: generation, skippedSoFar: page.skipped, emptyFollowed: emptyFollowed + 1,
                  completion: completion)
            return
        }
        completion(.success(FeedPageResult(page: page, url: response.url, pageIndex: pageIndex, endReached: endReached,
                                           emptyPagesFollowed: emptyFollowed)))
    }

    /// A parse error says what the server called the body when it was not JSON.
    private static func namingContentType(_ error: FeedLoadError, _ contentType: String?) -> FeedLoadError {
        guard case .notJSON(let detail) = error, let contentType, !contentType.contains("json") else { return error }
        // Translators: the server's content type ("text/html"), then why the body is not JSON.
        return .notJSON(tr("the server sent %1$s, %2$s").filled(contentType, detail))
    }
}
