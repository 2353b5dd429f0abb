import FeedCore
import FeedGObject
import Foundation

/// A service's feed read a page at a time (a ``PagedFeedSource``), whose
/// posts may need one more request before they can play: a Loops video a
/// visitor's tag feed lists without its file, a Pixelfed video whose HLS
/// playlist is checked first, a Lemmy post linking a PeerTube video.
/// GTK thread only.
///
/// The feed's first address may itself take a request to know (a Loops or
/// Pixelfed account's id): `locate` answers it once per source. Posts the
/// `pending` rule picks from each page are handed over at once, shown
/// with their posters, and their details fetched by `details` only as the
/// session's preload plan comes to them, as PeerTube's are.
@MainActor
public final class DetailedPages {
    typealias Completion = @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void
    /// The first page's address, or why there is none.
    typealias Locate = @MainActor (@escaping @MainActor (Result<URL, FeedSourceFailure>) -> Void) -> Void
    /// Whether a handed-over post still needs its details.
    typealias Pending = @MainActor (FeedItem, RemoteItemExtras?) -> Bool
    /// Fetches a post's details: the playable post (same id) and its extras.
    typealias Details = @MainActor (FeedItem, RemoteItemExtras?, @escaping Completion) -> Void

    private let locate: Locate
    private let makePages: @MainActor (URL) -> PagedFeedSource
    private let pending: Pending
    private let details: Details
    private var pages: PagedFeedSource?
    private var generations = GenerationGuard()
    /// Posts handed out whose details have not come yet, with their extras.
    private var undetailed: [String: RemoteItemExtras?] = [:]

    init(locate: @escaping Locate, pages: @escaping @MainActor (URL) -> PagedFeedSource,
         pending: @escaping Pending, details: @escaping Details) {
        self.locate = locate
        makePages = pages
        self.pending = pending
        self.details = details
    }

    func loadFirst(_ completion: @escaping Completion) {
        let generation = generations.bind()
        undetailed = [:]
        if let pages { return pages.loadFirst(marking(completion)) }
        locate { [weak self] result in
            guard let self, self.generations.accepts(generation) else { return }
            switch result {
            case .failure(let failure):
                completion(.failure(failure))
            case .success(let url):
                let pages = self.makePages(url)
                self.pages = pages
                pages.loadFirst(self.marking(completion))
            }
        }
    }

    func loadNext(after cursor: FeedCursor, _ completion: @escaping Completion) {
        guard let pages else {
            return completion(.failure(FeedSourceFailure(message: tr("The feed’s next page is no longer known; reload the feed."),
                                                         code: .unknown)))
        }
        pages.loadNext(after: cursor, marking(completion))
    }

    func needsDetails(_ item: FeedItem) -> Bool { undetailed[item.id] != nil }

    func fetchDetails(of item: FeedItem, _ completion: @escaping Completion) {
        let generation = generations.current
        let extras = undetailed[item.id] ?? nil
        details(item, extras) { [weak self] result in
            guard let self, self.generations.accepts(generation) else { return }
            if case .success(let page) = result, page.items.first?.id == item.id { self.undetailed[item.id] = nil }
            completion(result)
        }
    }

    /// `completion`, after noting which of the page's posts wait for details.
    private func marking(_ completion: @escaping Completion) -> Completion {
        { [weak self] result in
            if let self, case .success(let page) = result {
                for item in page.items where self.pending(item, page.extras[item.id]) {
                    self.undetailed[item.id] = .some(page.extras[item.id])
                }
            }
            completion(result)
        }
    }
}

/// A service source read by a ``DetailedPages``: its next pages and its
/// posts' details are the pages' (each source starts its first load
/// itself, to stop its own requests first). GTK thread only.
@MainActor
public protocol DetailedPagesSource: FeedSource {
    var detailedPages: DetailedPages { get }
}

extension DetailedPagesSource {
    public func loadNext(after cursor: FeedCursor,
                         _ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        detailedPages.loadNext(after: cursor, completion)
    }

    public func needsDetails(_ item: FeedItem) -> Bool { detailedPages.needsDetails(item) }

    public func fetchDetails(of item: FeedItem,
                             _ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        detailedPages.fetchDetails(of: item, completion)
    }
}
