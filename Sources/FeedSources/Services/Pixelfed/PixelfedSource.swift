import FeedCore
import FeedGObject
import Foundation

/// A Pixelfed timeline as a feed source: a tag's, an account's, or the
/// signed-in user's home. GTK thread only.
///
/// Pages are Mastodon's statuses read as Pixelfed's (``FeedFormat/pixelfed``):
/// several pictures of a status are consecutive posts ("2 of 4"), and a
/// page without a `Link` header goes on by `max_id`. A video with an HLS
/// playlist (`hls_manifest`) plays it once the playlist answers as one,
/// asked as the preload plan reaches the post; one that does not (a 404
/// on another origin) plays its `url` instead. Favourites go to the
/// server as Mastodon's.
@MainActor
public final class PixelfedSource: DetailedPagesSource {
    public let address: ServiceAddress
    public let cacheScope: String?
    public let serviceLikes: ServiceLikes?
    /// Account lookups; the pages have their own client.
    private let client: ServiceClient
    /// HLS playlists, checked one at a time (they may be on another origin).
    private let playlists: ServiceClient
    private let session: GObjectRef
    private let credential: ServiceCredential?
    public private(set) lazy var detailedPages = DetailedPages(
        locate: { [weak self] done in self?.locate(done) },
        pages: { [unowned self] url in pages(at: url) },
        pending: { _, extras in extras?.streamAddress != nil },
        details: { [weak self] item, extras, done in self?.checkPlaylist(of: item, extras: extras, done) })

    /// The largest HLS playlist read when checking one, in bytes.
    static let maxPlaylistBytes = 256 * 1024

    public init?(address: ServiceAddress, session: GObjectRef, credential: ServiceCredential? = nil) {
        guard address.service == .pixelfed, URL(string: address.baseURL) != nil else { return nil }
        self.address = address
        cacheScope = CacheKey.origin(of: address.baseURL)
        client = ServiceClient(session: session, options: .init(maxBytes: 1_048_576), credential: credential)
        playlists = ServiceClient(session: session, options: .init(timeoutSeconds: 15, maxBytes: Self.maxPlaylistBytes))
        serviceLikes = ServiceLikes(service: .pixelfed, server: address.server, credential: credential, session: session)
        self.session = session
        self.credential = credential
    }

    /// The timeline read from `url` on.
    private func pages(at url: URL) -> PagedFeedSource {
        let address = self.address
        return PagedFeedSource(url: url, format: .pixelfed, cacheScope: cacheScope, session: session, credential: credential,
                               options: .init(maxBytes: ServicePost.maxPageBytes)) { error in
            PixelfedFeed.explain(error, address: address)
        }
    }

    /// What the user reads for it: "#cats on HOST".
    public var displayName: String { PixelfedFeed.describe(address) }

    public func loadFirst(_ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        client.cancelAll()
        playlists.cancelAll()
        detailedPages.loadFirst(completion)
    }

    private func locate(_ done: @escaping @MainActor (Result<URL, FeedSourceFailure>) -> Void) {
        let unusable = FeedSourceFailure(message: tr("%1$s does not make a usable address.").filled(address.text),
                                         code: .unsupportedFormat)
        guard case .account(let name) = address.scope else {
            return done(PixelfedFeed.url(address).map { .success($0) } ?? .failure(unusable))
        }
        guard let search = PixelfedFeed.searchURL(address) else { return done(.failure(unusable)) }
        client.get(search, accept: "application/json") { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let response):
                guard let id = PixelfedFeed.accountID(named: name, in: response.body),
                      let url = PixelfedFeed.url(self.address, accountID: id) else {
                    return done(.failure(FeedSourceFailure(message: tr("%1$s has no account @%2$s.").filled(self.address.host, name),
                                                           code: .sourceNotFound)))
                }
                done(.success(url))
            case .failure(let error):
                done(.failure(FeedSourceFailure(message: PixelfedFeed.explain(error, address: self.address) ?? error.description,
                                                code: error.code, needsAccount: error.refusesVisitors)))
            }
        }
    }

    /// The post playing its HLS playlist when that answers as one; else as it is (its `url`).
    private func checkPlaylist(of item: FeedItem, extras: RemoteItemExtras?,
                               _ done: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        var kept = extras ?? RemoteItemExtras()
        guard let playlist = kept.streamAddress else { return done(.success(FeedSourcePage(items: [item], extras: [item.id: kept]))) }
        kept.streamAddress = nil
        playlists.get(playlist, accept: "application/vnd.apple.mpegurl, application/x-mpegurl, */*") { result in
            var detailed = item
            if case .success(let response) = result, M3UDocument.recognizes(response.body) {
                detailed.uri = response.url.absoluteString
            } else {
                FileHandle.standardError.write(Data(
                    "flick: warning: a Pixelfed video's HLS playlist did not answer; its file plays instead: \(item.id)\n".utf8))
            }
            done(.success(FeedSourcePage(items: [detailed], extras: [item.id: kept])))
        }
    }
}
