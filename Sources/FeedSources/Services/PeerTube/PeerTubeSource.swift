import FeedCore
import FeedGObject
import Foundation

/// A PeerTube instance's videos as a feed source: an instance's short,
/// trending, recent or own videos, or a channel's or account's
/// (``PeerTubeListing``). GTK thread only.
///
/// The list is read `start`/`count` a page at a time until its `total`;
/// each listed video becomes a post at once, with its poster, title,
/// account and likes. PeerTube's lists give no files, so a post needs its
/// details (`/api/v1/videos/{uuid}`) before it can play: the session
/// fetches them as its preload plan comes to the post (``needsDetails(_:)``,
/// ``fetchDetails(of:_:)``), never the whole list at once. Every request
/// — list pages and details — goes through one ``ServiceClient`` (one at a
/// time, rate limits waited out). The file played is the one
/// ``FeedCore/RenditionChoice`` picks for the page's height (HLS when
/// there is no progressive file).
@MainActor
public final class PeerTubeSource: FeedSource {
    public let address: ServiceAddress
    public let cacheScope: String?
    /// The instance, `https://HOST` (http for loopback).
    public let base: URL
    private(set) var listing: PeerTubeListing
    private let client: ServiceClient
    private let pageHeight: @MainActor () -> Int

    private var generations = GenerationGuard()
    private var nextStart = 0
    private var listEnded = false
    private var handedOut = Set<String>()
    /// Posts handed out whose details have not been fetched yet, by id.
    private var undetailed = Set<String>()
    private var pagesHanded = 0

    /// - Parameters:
    ///   - session: the libsoup session (an engine's ``HTTPSessions/api``).
    ///   - pageHeight: the feed page's height in device pixels now (0: not
    ///     known), read as each post's file is chosen.
    ///   - credential: the account the instance is read with, if the user has one there.
    public init?(address: ServiceAddress, session: GObjectRef, credential: ServiceCredential? = nil,
                 pageHeight: @escaping @MainActor () -> Int) {
        guard address.service == .peertube, let base = URL(string: address.baseURL) else { return nil }
        self.address = address
        self.base = base
        self.pageHeight = pageHeight
        listing = PeerTubeListing(address.scope)
        cacheScope = CacheKey.origin(of: address.baseURL)
        client = ServiceClient(session: session, credential: credential)
        serviceLikes = ServiceLikes(service: .peertube, server: address.server, credential: credential, session: session)
    }

    /// Ratings go to the instance as the user's account.
    public let serviceLikes: ServiceLikes?

    /// What the user reads for it: "short videos on HOST".
    public var displayName: String { listing.describe(host: address.host) }

    /// Requests sent so far (list pages and details, retries included).
    public var requestsSent: Int { client.requestsSent }

    public func loadFirst(_ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        client.cancelAll()
        nextStart = 0
        listEnded = false
        handedOut = []
        undetailed = []
        pagesHanded = 0
        listing = PeerTubeListing(address.scope)
        let generation = generations.bind()
        if case .watchLater(nil) = listing {
            findWatchLater(generation: generation, completion)
            return
        }
        readList(Batch(), generation: generation, completion)
    }

    public func loadNext(after cursor: FeedCursor,
                         _ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        guard cursor == currentCursor, !listEnded else {
            completion(.failure(FeedSourceFailure(message: tr("The feed’s next page is no longer known; reload the feed."),
                                                  code: .unknown)))
            return
        }
        readList(Batch(), generation: generations.current, completion)
    }

    public func needsDetails(_ item: FeedItem) -> Bool { undetailed.contains(item.id) }

    public func fetchDetails(of item: FeedItem,
                             _ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        guard let url = PeerTubeListing.detailsURL(base: base, uuid: item.id) else {
            completion(.failure(FeedSourceFailure(message: tr("%1$s is not a PeerTube video id").filled(item.id),
                                                  code: .unsupportedFormat)))
            return
        }
        let generation = generations.current
        client.get(url, accept: "application/json") { [weak self] result in
            guard let self, self.generations.accepts(generation) else { return }
            let detailed = self.detailed(item.id, result)
            guard case .success(let page) = detailed else { return completion(detailed) }
            self.addCaptions(to: page, of: item.id, generation: generation, completion)
        }
    }

    /// The video's captions (`/captions`), added to its detailed post; a
    /// failure there leaves the post without captions, not unplayable.
    private func addCaptions(to page: FeedSourcePage, of id: String, generation: UInt64,
                             _ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        guard let url = PeerTubeListing.captionsURL(base: base, uuid: id) else { return completion(.success(page)) }
        client.get(url, accept: "application/json") { [weak self] result in
            guard let self, self.generations.accepts(generation) else { return }
            var page = page
            if case .success(let response) = result, !page.items.isEmpty {
                page.items[0].captions = PeerTubeCaptions.tracks(response.body, base: self.base)
            }
            self.addRating(to: page, of: id, generation: generation, completion)
        }
    }

    /// The user's rating of the video (`/users/me/videos/{id}/rating`),
    /// asked with the details when signed in: where the heart starts. A
    /// failure leaves the feed's word.
    private func addRating(to page: FeedSourcePage, of id: String, generation: UInt64,
                           _ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        guard serviceLikes?.canLike == true, var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else {
            return completion(.success(page))
        }
        components.path = "/api/v1/users/me/videos/\(id)/rating"
        guard let url = components.url else { return completion(.success(page)) }
        client.get(url, accept: "application/json") { [weak self] result in
            guard let self, self.generations.accepts(generation) else { return }
            var page = page
            struct Rating: Decodable { var rating: String }
            if case .success(let response) = result, let rating = try? JSONDecoder().decode(Rating.self, from: response.body) {
                page.extras[id, default: RemoteItemExtras()].liked = rating.rating == "like"
            }
            completion(.success(page))
        }
    }

    /// Finds the user's Watch later playlist (who they are, then their
    /// playlists of that type) and reads it.
    private func findWatchLater(generation: UInt64,
                                _ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        let missing = FeedSourceFailure(message: tr("%1$s shows no Watch later playlist for your account.").filled(address.host),
                                        code: .sourceNotFound)
        guard let me = URL(string: address.baseURL + "/api/v1/users/me") else { return completion(.failure(missing)) }
        client.get(me, accept: "application/json") { [weak self] result in
            guard let self, self.generations.accepts(generation) else { return }
            struct Me: Decodable { struct Owner: Decodable { var name: String? }; var account: Owner? }
            guard case .success(let response) = result,
                  let name = (try? JSONDecoder().decode(Me.self, from: response.body))?.account?.name,
                  Account.isUserName(name),
                  let lists = URL(string: self.address.baseURL + "/api/v1/accounts/\(name)/video-playlists?playlistType=2") else {
                if case .failure(let error) = result { return self.fail(error, batch: Batch(), completion) }
                return completion(.failure(missing))
            }
            self.client.get(lists, accept: "application/json") { [weak self] result in
                guard let self, self.generations.accepts(generation) else { return }
                struct Lists: Decodable { struct List: Decodable { var id: Int }; var data: [Lossy<List>] }
                guard case .success(let response) = result,
                      let id = (try? JSONDecoder().decode(Lists.self, from: response.body))?.data.compactMap(\.value).first?.id,
                      id > 0 else {
                    if case .failure(let error) = result { return self.fail(error, batch: Batch(), completion) }
                    return completion(.failure(missing))
                }
                self.listing = .watchLater(playlist: id)
                self.readList(Batch(), generation: generation, completion)
            }
        }
    }

    private var currentCursor: FeedCursor { FeedCursor("\(pagesHanded)") }

    /// What one load has gathered so far.
    private struct Batch {
        var items: [FeedItem] = []
        var extras: [String: RemoteItemExtras] = [:]
        var skipped: [SkippedFeedItem] = []
        var listPagesRead = 0
    }

    private func readList(_ batch: Batch, generation: UInt64,
                          _ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        guard let url = listing.url(base: base, start: nextStart) else {
            completion(.failure(FeedSourceFailure(message: tr("%1$s does not make a usable address").filled(address.text), code: .unsupportedFormat)))
            return
        }
        client.get(url, accept: "application/json") { [weak self] result in
            guard let self, self.generations.accepts(generation) else { return }
            var next = batch
            next.listPagesRead += 1
            switch result {
            case .success(let response):
                do throws(FeedLoadError) {
                    let page = try PeerTubeDocument.list(response.body, elements: self.listing.listsElements)
                    next.skipped += page.skipped
                    self.nextStart += page.count
                    self.listEnded = page.count == 0 || page.total.map { self.nextStart >= $0 } ?? (page.count < PeerTubeListing.pageSize)
                    for video in page.videos { self.admit(video, listURL: response.url, into: &next) }
                } catch {
                    self.fail(error, batch: next, completion)
                    return
                }
            case .failure(.httpStatus(let status, _))
                where self.listing == .short && ListPaging.fallsBackToRecent(status: status, atStart: self.nextStart == 0):
                // An instance whose search needs a term (or is off): its recent videos instead.
                self.listing = .recent
                self.readList(next, generation: generation, completion)
                return
            case .failure(let error):
                self.fail(error, batch: next, completion)
                return
            }
            if ListPaging.afterPage(gathered: next.items.count, listEnded: self.listEnded,
                                    pagesRead: next.listPagesRead) == .readAnother {
                self.readList(next, generation: generation, completion)
                return
            }
            self.hand(next, completion)
        }
    }

    /// A listed video as a post still without its file: its address is its
    /// details' until they are fetched.
    private func admit(_ video: PeerTubeAPI.Video, listURL: URL, into batch: inout Batch) {
        guard let details = PeerTubeListing.detailsURL(base: base, uuid: video.uuid) else {
            batch.skipped.append(SkippedFeedItem(index: 0, id: video.uuid, reason: .detailsFailed(tr("not a usable id"))))
            return
        }
        switch PeerTubeDocument.post(video, uri: details.absoluteString, file: nil).validated(pageURL: listURL) {
        case .success(let (item, extras)):
            guard handedOut.insert(item.id).inserted else {
                batch.skipped.append(SkippedFeedItem(index: 0, id: item.id, reason: .alreadyInFeed))
                return
            }
            undetailed.insert(item.id)
            batch.items.append(item)
            batch.extras[item.id] = extras
        case .failure(let reason):
            batch.skipped.append(SkippedFeedItem(index: 0, id: video.uuid, reason: reason))
        }
    }

    /// A details answer as the playable post, or why there is none.
    private func detailed(_ id: String, _ result: Result<ServiceClient.Response, FeedLoadError>)
        -> Result<FeedSourcePage, FeedSourceFailure> {
        let failure: FeedLoadError
        switch PeerTubeDocument.playable(result, pageHeight: pageHeight()) {
        case .success(let (item, extras)) where item.id == id:
            undetailed.remove(id)
            return .success(FeedSourcePage(items: [item], extras: [id: extras]))
        case .success:
            failure = .schema(tr("the details are another video's"))
        case .failure(let error):
            failure = error
        }
        log([SkippedFeedItem(index: 0, id: id, reason: .detailsFailed(failure.description))])
        return .failure(FeedSourceFailure(message: failure.description, code: failure.code))
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
            // Translators: what was asked for ("The account NAME on HOST", "Trending videos on HOST").
            message = tr("%1$s could not be found (HTTP 404).").filled(what.prefix(1).uppercased() + what.dropFirst())
        case .notJSON, .schema:
            message = tr("%1$s did not answer as a PeerTube instance: %2$s").filled(address.host, error.description)
        default:
            message = error.description
        }
        completion(.failure(FeedSourceFailure(message: message, code: error.code)))
    }

    private func hand(_ batch: Batch, _ completion: @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        log(batch.skipped)
        pagesHanded += 1
        completion(.success(FeedSourcePage(items: batch.items, extras: batch.extras, next: listEnded ? nil : currentCursor)))
    }

    private func log(_ skipped: [SkippedFeedItem]) {
        for item in skipped {
            FileHandle.standardError.write(Data("flick: warning: skipped a PeerTube video: \(item)\n".utf8))
        }
    }
}
