import FeedCore
import FeedGObject
import Foundation

/// A Loops server's videos as a feed source: its popular videos, an
/// account's or a tag's, or a signed-in user's For You and Following.
/// GTK thread only.
///
/// Pages come through a ``PagedFeedSource`` (``LoopsDocument``, one
/// request at a time, 429s waited out, a cursor given twice ends the feed
/// with "No more posts"). An account's feed is read by its id, asked once
/// from its name. A video a page lists without its file (a visitor's tag
/// feed) gets its details (`/api/v1/video/{id}`) as the preload plan
/// reaches it. Hearts go to the server (``ServiceLikes``) when signed in.
@MainActor
public final class LoopsSource: DetailedPagesSource {
    public let address: ServiceAddress
    public let cacheScope: String?
    public let serviceLikes: ServiceLikes?
    /// Account lookups and details; the pages have their own client.
    private let client: ServiceClient
    private let session: GObjectRef
    private let credential: ServiceCredential?
    public private(set) lazy var detailedPages = DetailedPages(
        locate: { [weak self] done in self?.locate(done) },
        pages: { [unowned self] url in pages(at: url) },
        pending: { item, _ in item.uri.hasSuffix("/api/v1/video/\(item.id)") },
        details: { [weak self] item, _, done in self?.details(of: item, done) })

    public init?(address: ServiceAddress, session: GObjectRef, credential: ServiceCredential? = nil) {
        guard address.service == .loops, URL(string: address.baseURL) != nil else { return nil }
        self.address = address
        cacheScope = CacheKey.origin(of: address.baseURL)
        client = ServiceClient(session: session, options: .init(maxBytes: ServicePost.maxPageBytes), credential: credential)
        serviceLikes = ServiceLikes(service: .loops, server: address.server, credential: credential, session: session)
        self.session = session
        self.credential = credential
    }

    /// The feed read from `url` on: a cursor given twice ends it with "No more posts".
    private func pages(at url: URL) -> PagedFeedSource {
        let address = self.address
        return PagedFeedSource(url: url, format: .loops, cacheScope: cacheScope, session: session, credential: credential,
                               options: .init(maxBytes: ServicePost.maxPageBytes, emptyPagesFollowed: 2),
                               endNotice: tr("No more posts")) { error in LoopsFeed.explain(error, address: address) }
    }

    /// What the user reads for it: "@dana on HOST".
    public var displayName: String { LoopsFeed.describe(address) }

    public func loadFirst(_ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        client.cancelAll()
        detailedPages.loadFirst(completion)
    }

    /// The first page's address: an account's needs its id first.
    private func locate(_ done: @escaping @MainActor (Result<URL, FeedSourceFailure>) -> Void) {
        let unusable = FeedSourceFailure(message: tr("%1$s does not make a usable address.").filled(address.text),
                                         code: .unsupportedFormat)
        guard case .account = address.scope else { return done(LoopsFeed.url(address).map { .success($0) } ?? .failure(unusable)) }
        guard let lookup = LoopsFeed.accountURL(address) else { return done(.failure(unusable)) }
        client.get(lookup, accept: "application/json") { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let response):
                guard let account = try? LoopsAPI.decoder().decode(LoopsAPI.One<LoopsAPI.Account>.self, from: response.body).data,
                      let url = LoopsFeed.url(self.address, accountID: account.id) else {
                    return done(.failure(FeedSourceFailure(
                        message: LoopsFeed.explain(.schema(tr("no account id")), address: self.address) ?? "", code: .unsupportedFormat)))
                }
                done(.success(url))
            case .failure(let error):
                done(.failure(FeedSourceFailure(message: LoopsFeed.explain(error, address: self.address) ?? error.description,
                                                code: error.code)))
            }
        }
    }

    private func details(of item: FeedItem, _ done: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        guard let url = URL(string: item.uri) else {
            return done(.failure(FeedSourceFailure(message: tr("%1$s is not a Loops video id").filled(item.id), code: .unsupportedFormat)))
        }
        client.get(url, accept: "application/json") { result in
            let failure: FeedLoadError
            switch result {
            case .success(let response):
                do throws(FeedLoadError) {
                    let (detailed, extras) = try LoopsDocument.details(response.body, pageURL: response.url)
                    guard detailed.id == item.id else { throw .schema(tr("the details are another video’s")) }
                    return done(.success(FeedSourcePage(items: [detailed], extras: [item.id: extras])))
                } catch {
                    failure = error
                }
            case .failure(let error):
                failure = error
            }
            FileHandle.standardError.write(Data("flick: warning: a Loops video's details: \(item.id): \(failure)\n".utf8))
            done(.failure(FeedSourceFailure(message: failure.description, code: failure.code)))
        }
    }
}
