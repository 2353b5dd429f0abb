import FeedCore
import FeedGObject
import Foundation

/// A PeerTube instance's videos as a feed source: an instance's short,
/// trending, recent or own videos, or a channel's or account's
/// (``PeerTubeListing``). GTK thread only.
///
/// PeerTube's lists give no files, so each post's details
/// (`/api/v1/videos/{uuid}`) are fetched before it is handed over — a few
/// at a time (``batch``), as the session asks for more, never the whole
/// list at once: the list is read `start`/`count` a page at a time until
/// its `total`, and the videos listed but not yet detailed wait in order.
/// Every request goes through one ``ServiceClient`` (one at a time, rate
/// limits waited out). The file played is the one
/// ``FeedCore/RenditionChoice`` picks for the page's height (HLS when
/// there is no progressive file).
///
/// A post whose details cannot be had for good (404, not a video, no
/// playable file) is skipped with its reason and logged; a failure that
/// may pass (the network, a timeout, 5xx) hands over what is ready, or
/// fails the load so the session's Retry asks again from the same post.
@MainActor
public final class PeerTubeSource: FeedSource {
    /// Posts detailed per page handed to the session.
    public static let batch = 6
    /// List pages read in one load while they give nothing new (all live
    /// streams, all seen), before the load ends with what it has.
    static let listPagesFollowed = 4

    public let address: ServiceAddress
    public let cacheScope: String?
    /// The instance, `https://HOST` (http for loopback).
    public let base: URL
    private(set) var listing: PeerTubeListing
    private let client: ServiceClient
    private let pageHeight: @MainActor () -> Int

    private var generations = GenerationGuard()
    /// Listed, not yet detailed, in order.
    private var pending: [PeerTubeAPI.Video] = []
    private var nextStart = 0
    private var listEnded = false
    private var handedOut = Set<String>()
    private var pagesHanded = 0

    /// - Parameters:
    ///   - session: the libsoup session (an engine's ``HTTPSessions/api``).
    ///   - pageHeight: the feed page's height in device pixels now (0: not
    ///     known), read as each post's file is chosen.
    public init?(address: ServiceAddress, session: GObjectRef, pageHeight: @escaping @MainActor () -> Int) {
        guard address.service == .peertube, let base = URL(string: address.baseURL) else { return nil }
        self.address = address
        self.base = base
        self.pageHeight = pageHeight
        listing = PeerTubeListing(address.scope)
        cacheScope = CacheKey.origin(of: address.baseURL)
        client = ServiceClient(session: session)
    }

    /// What the user reads for it: "short videos on HOST".
    public var displayName: String { listing.describe(host: address.host) }

    /// Requests sent so far (list pages and details, retries included).
    public var requestsSent: Int { client.requestsSent }

    public func loadFirst(_ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        client.cancelAll()
        pending = []
        nextStart = 0
        listEnded = false
        handedOut = []
        pagesHanded = 0
        listing = PeerTubeListing(address.scope)
        let generation = generations.bind()
        fill(Batch(), generation: generation, completion)
    }

    public func loadNext(after cursor: FeedCursor,
                         _ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        guard cursor == currentCursor, !client.isBusy else {
            completion(.failure(FeedSourceFailure(message: "the feed's next page is no longer known; reload the feed",
                                                  code: .unknown)))
            return
        }
        fill(Batch(), generation: generations.current, completion)
    }

    private var currentCursor: FeedCursor { FeedCursor("\(pagesHanded)") }

    /// What one load has gathered so far.
    private struct Batch {
        var items: [FeedItem] = []
        var extras: [String: RemoteItemExtras] = [:]
        var skipped: [SkippedFeedItem] = []
        var listPagesRead = 0
    }

    private func fill(_ batch: Batch, generation: UInt64,
                      _ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        if batch.items.count >= Self.batch || (pending.isEmpty && listEnded) {
            hand(batch, completion)
            return
        }
        if pending.isEmpty {
            guard batch.listPagesRead < Self.listPagesFollowed else {
                hand(batch, completion)
                return
            }
            readList(batch, generation: generation, completion)
            return
        }
        let video = pending.removeFirst()
        guard let url = PeerTubeListing.detailsURL(base: base, uuid: video.uuid) else {
            var next = batch
            next.skipped.append(SkippedFeedItem(index: 0, id: video.uuid, reason: .detailsFailed("not a usable id")))
            fill(next, generation: generation, completion)
            return
        }
        client.get(url, accept: "application/json") { [weak self] result in
            guard let self, self.generations.accepts(generation) else { return }
            var next = batch
            switch result {
            case .success(let response):
                do throws(FeedLoadError) {
                    let post = try PeerTubeDocument.post(response.body, pageHeight: self.pageHeight())
                    switch post.validated(pageURL: response.url) {
                    case .success(let (item, extras)):
                        if self.handedOut.insert(item.id).inserted {
                            next.items.append(item)
                            next.extras[item.id] = extras
                        } else {
                            next.skipped.append(SkippedFeedItem(index: 0, id: item.id, reason: .alreadyInFeed))
                        }
                    case .failure(let reason):
                        next.skipped.append(SkippedFeedItem(index: 0, id: video.uuid, reason: reason))
                    }
                } catch {
                    next.skipped.append(SkippedFeedItem(index: 0, id: video.uuid, reason: .detailsFailed(error.description)))
                }
            case .failure(let error) where error.isRetryable:
                // Asked again from this post on the next load.
                self.pending.insert(video, at: 0)
                if next.items.isEmpty {
                    self.log(next.skipped)
                    completion(.failure(FeedSourceFailure(message: error.description, code: error.code)))
                } else {
                    self.hand(next, completion)
                }
                return
            case .failure(let error):
                next.skipped.append(SkippedFeedItem(index: 0, id: video.uuid, reason: .detailsFailed(error.description)))
            }
            self.fill(next, generation: generation, completion)
        }
    }

    private func readList(_ batch: Batch, generation: UInt64,
                          _ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        guard let url = listing.url(base: base, start: nextStart) else {
            completion(.failure(FeedSourceFailure(message: "\(address.text) does not make a usable address", code: .unsupportedFormat)))
            return
        }
        client.get(url, accept: "application/json") { [weak self] result in
            guard let self, self.generations.accepts(generation) else { return }
            var next = batch
            next.listPagesRead += 1
            switch result {
            case .success(let response):
                do throws(FeedLoadError) {
                    let page = try PeerTubeDocument.list(response.body)
                    next.skipped += page.skipped
                    self.pending += page.videos
                    self.nextStart += page.count
                    self.listEnded = page.count == 0 || page.total.map { self.nextStart >= $0 } ?? (page.count < PeerTubeListing.pageSize)
                } catch {
                    self.fail(error, batch: next, completion)
                    return
                }
            case .failure(.httpStatus(let status, _)) where self.listing == .short && self.nextStart == 0
                && (400..<500).contains(status) && status != 429:
                // An instance whose search needs a term (or is off): its recent videos instead.
                self.listing = .recent
            case .failure(let error):
                self.fail(error, batch: next, completion)
                return
            }
            self.fill(next, generation: generation, completion)
        }
    }

    /// A list page failed: what is ready is handed over (the error comes
    /// back on the next load), else the load fails with a line that names
    /// the instance.
    private func fail(_ error: FeedLoadError, batch: Batch,
                      _ completion: @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        guard batch.items.isEmpty else {
            hand(batch, completion)
            return
        }
        log(batch.skipped)
        let message: String
        switch error {
        case .httpStatus(404, _) where nextStart == 0:
            let what = listing.describe(host: address.host)
            message = what.prefix(1).uppercased() + what.dropFirst() + " could not be found (HTTP 404)."
        case .notJSON, .schema:
            message = "\(address.host) did not answer as a PeerTube instance: \(error.description)"
        default:
            message = error.description
        }
        completion(.failure(FeedSourceFailure(message: message, code: error.code)))
    }

    private func hand(_ batch: Batch, _ completion: @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        log(batch.skipped)
        pagesHanded += 1
        let ended = pending.isEmpty && listEnded
        completion(.success(FeedSourcePage(items: batch.items, extras: batch.extras, next: ended ? nil : currentCursor)))
    }

    private func log(_ skipped: [SkippedFeedItem]) {
        for item in skipped {
            FileHandle.standardError.write(Data("flick: warning: skipped a PeerTube video: \(item)\n".utf8))
        }
    }
}
