import FeedCore
import FeedGObject
import Foundation

/// A Bluesky account's posts with media, or a custom feed, read from the
/// public AppView as a feed source. GTK thread only.
///
/// The pages are the AppView's (``BlueskyDocument``), 30 posts each, paged
/// by their `cursor` through a ``PagedFeedSource`` (one request at a time,
/// 429s waited out, a cursor that repeats ends the feed). A custom feed is
/// named by its maker's DID: a handle there is resolved first
/// (`com.atproto.identity.resolveHandle`), once per source. A video's
/// caption files are blobs in its author's repository: a page is handed
/// over once each author's PDS is known (``BlueskyIdentities``), with
/// captions read from there (`com.atproto.sync.getBlob`); an author whose
/// PDS cannot be had loses the captions, not the post.
@MainActor
public final class BlueskySource: FeedSource {
    public let address: BlueskyAddress
    public let cacheScope: String?
    /// The AppView, as its setting says (``BlueskyRequests/appView(_:)``).
    public let appView: URL
    private let session: GObjectRef
    /// Resolves handles; the pages have their own client.
    private let client: ServiceClient
    /// The pages, once the address's request is known.
    private var pages: PagedFeedSource?
    private var generations = GenerationGuard()
    /// Where captions are read from: each author's PDS.
    private let identities: BlueskyIdentities
    /// The signed-in account's: its token goes to its PDS only, which
    /// asks the AppView on the user's behalf (so posts carry `viewer.like`).
    private let credential: ServiceCredential?
    /// Likes written to the signed-in account's repository; without an
    /// account, a heart offers the sign-in.
    public let serviceLikes: ServiceLikes?

    /// Nil when the address is the home timeline without an account, or
    /// `appView` is not an https (or loopback http) URL. `plcDirectory`:
    /// where `did:plc` documents are read (the `bluesky-plc-directory` key).
    /// `credential`: the signed-in Bluesky account's; with it every feed is
    /// read from its PDS (hearts start from the user's likes) and likes are
    /// written to its repository; without it, feeds come from the AppView.
    public init?(address: BlueskyAddress, appView: String, plcDirectory: String = "https://plc.directory",
                 credential: ServiceCredential? = nil, session: GObjectRef) {
        guard address.scope != .home || credential != nil, let base = BlueskyRequests.appView(appView) else { return nil }
        self.credential = credential
        serviceLikes = ServiceLikes(service: .bluesky, server: credential?.account.server ?? "bsky.social",
                                    credential: credential, session: session)
        self.address = address
        self.appView = base
        self.session = session
        cacheScope = CacheKey.origin(of: base.absoluteString)
        client = ServiceClient(session: session, options: .init(maxBytes: 64 * 1024))
        identities = BlueskyIdentities(plcDirectory: plcDirectory, session: session)
    }

    /// Where pages are read: the account's PDS when signed in, else the AppView.
    private var pagesBase: URL { credential.flatMap { URL(string: $0.origin) } ?? appView }

    /// What the user reads for it: "@alice.bsky.social on Bluesky".
    public var displayName: String { BlueskyRequests.describe(address) }

    public func loadFirst(_ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        let generation = generations.bind()
        let completion = withCaptions(completion)
        if let pages { return pages.loadFirst(completion) }
        switch address.scope {
        case .author(let actor), .post(let actor, _):
            start(BlueskyRequests.authorFeed(appView: pagesBase, actor: actor), completion)
        case .feed(let actor, let rkey) where actor.hasPrefix("did:"):
            start(BlueskyRequests.customFeed(appView: pagesBase, did: actor, rkey: rkey), completion)
        case .feed(let handle, let rkey):
            resolve(handle, generation: generation) { [weak self] result in
                guard let self else { return }
                switch result {
                case .success(let did): self.start(BlueskyRequests.customFeed(appView: self.pagesBase, did: did, rkey: rkey), completion)
                case .failure(let failure): completion(.failure(failure))
                }
            }
        case .home:
            let pds = credential.flatMap { URL(string: $0.origin) }
            start(pds.flatMap { BlueskyRequests.timeline(pds: $0) }, completion)
        }
    }

    public func loadNext(after cursor: FeedCursor,
                         _ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        guard let pages else {
            return completion(.failure(FeedSourceFailure(message: tr("The feed’s next page is no longer known; reload the feed."),
                                                         code: .unknown)))
        }
        pages.loadNext(after: cursor, withCaptions(completion))
    }

    /// `completion`, handed a page once its captions read from their
    /// authors' PDS (those that cannot be are dropped).
    private func withCaptions(_ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void)
        -> @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void {
        { [weak self] result in
            guard let self, case .success(let page) = result else { return completion(result) }
            // Three pages in a row with nothing new, a cursor still given: the feed ends, saying so.
            if page.items.isEmpty, page.next != nil {
                var ended = page
                ended.next = nil
                ended.endNotice = tr("No more posts")
                return completion(.success(ended))
            }
            let dids = Set(page.items.flatMap(\.captions).compactMap { BlueskyBlob(placeholder: $0.uri)?.did })
            guard !dids.isEmpty else { return completion(result) }
            self.resolve(dids.sorted(), found: [:]) { found in
                var page = page
                for index in page.items.indices {
                    page.items[index].captions = page.items[index].captions.compactMap { track in
                        guard let blob = BlueskyBlob(placeholder: track.uri), let pds = found[blob.did] else { return nil }
                        return CaptionTrack(language: track.language, uri: blob.url(pds: pds))
                    }
                }
                completion(.success(page))
            }
        }
    }

    /// Each of `dids`' PDS, one after the other (the client asks one at a time anyway).
    private func resolve(_ dids: [String], found: [String: String],
                         then done: @escaping @MainActor ([String: String]) -> Void) {
        guard let did = dids.first else { return done(found) }
        identities.pds(of: did) { [weak self] pds in
            var found = found
            found[did] = pds
            self?.resolve(Array(dids.dropFirst()), found: found, then: done)
        }
    }

    /// Reads the feed at `url` from its first page on.
    private func start(_ url: URL?, _ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        guard let url else {
            return completion(.failure(FeedSourceFailure(message: tr("%1$s does not make a usable address.").filled(address.text),
                                                         code: .unsupportedFormat)))
        }
        let address = self.address
        // Three tries for a page with something new: the one asked and two
        // after it. A cursor given again ends the feed at once (the same
        // page can only answer the same), saying so as well.
        let pages = PagedFeedSource(url: url, format: .bluesky, cacheScope: cacheScope, session: session, credential: credential,
                                    options: .init(maxBytes: ServicePost.maxPageBytes, emptyPagesFollowed: 2),
                                    endNotice: tr("No more posts")) { error in
            BlueskyRequests.explain(error, address: address)
        }
        self.pages = pages
        pages.loadFirst(completion)
    }

    /// Asks the AppView for `handle`'s DID.
    private func resolve(_ handle: String, generation: UInt64,
                         _ completion: @escaping @MainActor (Result<String, FeedSourceFailure>) -> Void) {
        guard let url = BlueskyRequests.resolveHandle(appView: appView, handle: handle) else {
            return completion(.failure(FeedSourceFailure(message: tr("%1$s does not make a usable address.").filled(address.text),
                                                         code: .unsupportedFormat)))
        }
        client.get(url, accept: "application/json") { [weak self] result in
            guard let self, self.generations.accepts(generation) else { return }
            switch result {
            case .success(let response):
                guard let answer = try? JSONDecoder().decode(BlueskyAPI.ResolvedHandle.self, from: response.body),
                      BlueskyAddress.isDID(answer.did) else {
                    return completion(.failure(FeedSourceFailure(
                        message: tr("Bluesky did not say who @%1$s is.").filled(handle), code: .unsupportedFormat)))
                }
                completion(.success(answer.did))
            case .failure(let error):
                let message = BlueskyRequests.explain(error, address: BlueskyAddress(scope: .author(handle))) ?? error.description
                completion(.failure(FeedSourceFailure(message: message, code: error.code)))
            }
        }
    }
}
