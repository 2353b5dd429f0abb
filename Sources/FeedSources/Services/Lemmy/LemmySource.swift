import FeedCore
import FeedGObject
import Foundation

/// A Lemmy community's posts, or an instance's front page, as a feed
/// source: the posts that link a video or a picture, nothing else.
/// GTK thread only.
///
/// Pages come through a ``PagedFeedSource`` (``LemmyDocument``, one
/// request at a time, paged by `page_cursor`). A post linking a PeerTube
/// video plays it through Flick's PeerTube support: its details come from
/// that video's own instance (`/api/v1/videos/ID`, the file
/// ``FeedCore/RenditionChoice`` picks) as the preload plan reaches it, one
/// request at a time per instance; one that does not answer says so on
/// its page, and the feed goes on. After ``LemmyFeed/emptyPagesLimit``
/// pages in a row with nothing to show, the feed ends saying so. Lemmy's
/// votes need an account Flick does not sign in to: hearts stay on this
/// computer.
@MainActor
public final class LemmySource: DetailedPagesSource {
    public let address: ServiceAddress
    public let cacheScope: String?
    private let session: GObjectRef
    private let pageHeight: @MainActor () -> Int
    /// The first page's address.
    private let firstPage: URL
    public private(set) lazy var detailedPages = DetailedPages(
        locate: { [firstPage] done in done(.success(firstPage)) },
        pages: { [unowned self] url in pages(at: url) },
        pending: { item, _ in Self.isPeerTubeDetails(item.uri) },
        details: { [weak self] item, extras, done in self?.peerTubeDetails(of: item, extras: extras, done) })
    /// PeerTube instances the community's posts link, one client each.
    private var instances: [String: ServiceClient] = [:]
    /// Pages in a row that had nothing to show, across loads.
    private var emptyRun = 0
    /// Whether any page has had something to show since the first load.
    private var shownAny = false

    /// - Parameter pageHeight: the feed page's height in device pixels now,
    ///   for a PeerTube video's file choice.
    public init?(address: ServiceAddress, session: GObjectRef, pageHeight: @escaping @MainActor () -> Int) {
        guard address.service == .lemmy, let url = LemmyFeed.url(address) else { return nil }
        self.address = address
        self.session = session
        self.pageHeight = pageHeight
        cacheScope = CacheKey.origin(of: address.baseURL)
        firstPage = url
    }

    /// The listing read from `url` on: up to ten pages with nothing to show in one load.
    private func pages(at url: URL) -> PagedFeedSource {
        let address = self.address
        return PagedFeedSource(url: url, format: .lemmy, cacheScope: cacheScope, session: session,
                               options: .init(maxBytes: ServicePost.maxPageBytes, emptyPagesFollowed: LemmyFeed.emptyPagesLimit - 1),
                               endNotice: tr("No more posts")) { error in LemmyFeed.explain(error, address: address) }
    }

    /// What the user reads for it: "!videos on HOST".
    public var displayName: String { LemmyFeed.describe(address) }

    public func loadFirst(_ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        for client in instances.values { client.cancelAll() }
        emptyRun = 0
        shownAny = false
        detailedPages.loadFirst(counted(completion))
    }

    public func loadNext(after cursor: FeedCursor,
                         _ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        detailedPages.loadNext(after: cursor, counted(completion))
    }

    /// `completion`, ending the feed once ``LemmyFeed/emptyPagesLimit``
    /// pages in a row had nothing to show.
    private func counted(_ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void)
        -> @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void {
        { [weak self] result in
            guard let self, case .success(var page) = result else { return completion(result) }
            if page.items.isEmpty {
                emptyRun += page.emptyPagesFollowed + 1
            } else {
                emptyRun = 0
                shownAny = true
            }
            guard emptyRun >= LemmyFeed.emptyPagesLimit, page.next != nil else { return completion(.success(page)) }
            guard shownAny else {
                return completion(.failure(FeedSourceFailure(message: LemmyFeed.nothingFound(address), code: .sourceNotFound)))
            }
            page.next = nil
            page.endNotice = tr("No more videos or pictures")
            completion(.success(page))
        }
    }

    /// Whether `uri` is the address of a PeerTube video's details, as
    /// ``LemmyDocument`` hands such posts over.
    static func isPeerTubeDetails(_ uri: String) -> Bool {
        guard let url = URL(string: uri) else { return false }
        let parts = url.path.split(separator: "/")
        return parts.count == 4 && parts[0] == "api" && parts[1] == "v1" && parts[2] == "videos"
    }

    /// The post, playing the PeerTube video its details name (its file,
    /// poster, length and shape); the Lemmy post's texts stay.
    private func peerTubeDetails(of item: FeedItem, extras: RemoteItemExtras?,
                                 _ done: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        guard let url = URL(string: item.uri), let host = url.host else {
            return done(.failure(FeedSourceFailure(message: tr("%1$s is not a PeerTube video id").filled(item.id), code: .unsupportedFormat)))
        }
        let origin = CacheKey.origin(of: url.absoluteString) ?? host
        let client = instances[origin] ?? ServiceClient(session: session, options: .init(maxBytes: ServicePost.maxPageBytes))
        instances[origin] = client
        client.get(url, accept: "application/json") { [weak self] result in
            guard let self else { return }
            let failure: FeedLoadError
            switch PeerTubeDocument.playable(result, pageHeight: pageHeight()) {
            case .success(let (video, _)):
                var detailed = item
                detailed.uri = video.uri
                detailed.poster = item.poster ?? video.poster
                detailed.duration = video.duration
                detailed.width = video.width
                detailed.height = video.height
                return done(.success(FeedSourcePage(items: [detailed], extras: extras.map { [item.id: $0] } ?? [:])))
            case .failure(let error):
                failure = error
            }
            FileHandle.standardError.write(Data("flick: warning: a Lemmy post's PeerTube video: \(item.id): \(failure)\n".utf8))
            // Translators: the PeerTube server a Lemmy post links, then what went wrong.
            done(.failure(FeedSourceFailure(message: tr("The PeerTube video on %1$s could not be read: %2$s").filled(host, failure.description),
                                            code: failure.code)))
        }
    }
}
