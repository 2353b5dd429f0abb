import CGLib
import FeedCore
import FeedGObject
import FeedSources
import Foundation

/// A feed's items and how they come: the first page from the source, more
/// pages when FeedCore's `PaginationTrigger` says so (backing off after
/// failures, ending after a run of empty pages by `EmptyPageRun`), a fresh
/// first page for Reload, and the details of posts listed without a media
/// address, fetched as the plan comes to them (`DetailsPlan`).
///
/// Owned by ``FeedSession``, which plans from the items and is told of
/// every change to the session's inbox. GTK thread only. Every answer of the
/// source carries the generation it was asked under; a newer first page
/// drops the answers to older ones.
@MainActor
final class FeedItems {
    /// What changed, for the session.
    enum Change {
        /// Items were appended, the end was reached, or the placeholders'
        /// failure changed: the view re-reads and the session re-plans.
        case itemsChanged
        /// A post's details arrived and it took its listed self's place.
        case detailed
        /// A post's details could not be had (its id).
        case detailsFailed(String)
        /// A message for a toast (the feed ended on empty pages).
        case toast(String)
    }

    /// Where the items come from.
    let source: FeedSource
    /// Told of every change (``SessionEvent/items(_:)``).
    private let inbox: SessionInbox

    /// The feed's items loaded so far.
    private(set) var items: [FeedItem] = []
    /// Likes, headers and cache keys by item id, from the source's pages.
    private var extrasByID: [String: RemoteItemExtras] = [:]
    /// Where the feed goes on; nil at its end.
    private var cursor: FeedCursor?
    /// The first page has arrived.
    private(set) var started = false
    /// Moves on with every first load, so an answer to a superseded one is dropped.
    private var generation = 0
    private var nextInFlight = false
    /// Why the last next page failed, while it is failing.
    private(set) var loadMoreFailure: String?
    /// The item count a next page was asked for (asked once per length).
    private var requestedForCount: Int?
    /// Next pages in a row that brought nothing new.
    private var emptyPagesInARow = 0
    private var failures = 0
    /// Seconds (monotonic) of the last failed next page.
    private var lastFailureTime: Double?
    private var retryTimer: MainLoopSource?
    /// Posts whose details the source is fetching, and those it could not
    /// fetch (by id), for sources whose lists give no media address.
    private var detailsInFlight = Set<String>()
    private var detailsFailures: [String: FeedSourceFailure] = [:]

    /// Skeleton pages shown past the loaded items while more may come.
    static let placeholderPages = 3

    /// This feed's registration with the media cache: its scope and its
    /// items' extras key the cache's bytes (nil without a cache).
    private(set) var cacheFeed: CacheFeed?

    /// - Parameter cache: the media cache the feed's videos and pictures go
    ///   through, if any; the feed registers there until ``stop()``.
    init(source: FeedSource, cache: MediaCache? = nil, inbox: SessionInbox) {
        self.source = source
        self.inbox = inbox
        cacheFeed = cache?.register(scope: { [source] item in source.cacheScope(of: item) },
                                    extras: { [weak self] item in self?.extras(for: item.id) })
        // Said once to each feed: the disk is full or failing, videos stream instead.
        cacheFeed?.onWriteProblem = { [inbox] text in inbox.post(.cacheWriteProblem(text)) }
    }

    /// Skeleton pages after the items while the feed may have more.
    var placeholderCount: Int { started && cursor == nil ? 0 : Self.placeholderPages }

    /// The item at `index`, if the feed has one there.
    func item(at index: Int) -> FeedItem? {
        index >= 0 && index < items.count ? items[index] : nil
    }

    /// What a remote feed says about an item beyond FeedItem, nil for local feeds.
    func extras(for itemID: String) -> RemoteItemExtras? { extrasByID[itemID] }

    /// Every item's extras, by id (a value: the session's snapshot keeps it).
    var allExtras: [String: RemoteItemExtras] { extrasByID }

    // MARK: First pages

    /// Asks the source for its first page, dropping the answers to any
    /// earlier request (and a next page in flight); `use` takes each
    /// partial page while the source reads (a large folder) and then the
    /// page itself, before `completion` hears how it went.
    func loadFirst(_ completion: @escaping @MainActor (FeedSourceFailure?) -> Void,
                   use: @escaping @MainActor (FeedSourcePage) -> Void) {
        generation += 1
        nextInFlight = false
        // Answers to details asked before are dropped with the generation:
        // what was on its way, or failed, is asked for again.
        detailsInFlight.removeAll()
        detailsFailures.removeAll()
        let generation = self.generation
        source.loadFirst(partial: { [weak self] page in
            guard let self, self.generation == generation else { return }
            use(page)
        }) { [weak self] result in
            guard let self, self.generation == generation else { return }
            switch result {
            case .success(let page):
                use(page)
                completion(nil)
            case .failure(let failure):
                completion(failure)
            }
        }
    }

    /// The items become `page`'s alone (a first page, or Reload's).
    func replaceAll(with page: FeedSourcePage) {
        resetPagination()
        items = []
        extrasByID = [:]
        accept(page)
        started = true
    }

    // MARK: Next pages

    /// The user pressed Retry on a placeholder page: the failure is
    /// cleared (the answer: the placeholders change) and the page asked again.
    func retryLoadMore() -> [SessionEvent] {
        resetPagination()
        paginate(landedAt: max(0, items.count - 1))
        return [.items(.itemsChanged)]
    }

    /// The landing page changed: load more when FeedCore says so.
    func paginate(landedAt index: Int) {
        guard started, !items.isEmpty, let cursor else { return }
        let now = Double(g_get_monotonic_time()) / 1_000_000
        let decision = PaginationTrigger.decide(PaginationTrigger.Input(
            landingIndex: index, count: items.count, loadInFlight: nextInFlight,
            endReached: false, requestedForCount: requestedForCount,
            failures: failures, lastFailureTime: lastFailureTime, now: now))
        switch decision {
        case .load:
            loadNext(after: cursor, from: index)
        case .retry(let at):
            retryTimer?.cancel()
            retryTimer = MainLoopSource.after(milliseconds: UInt32(saturatingRounded: max(0, at - now) * 1000)) {
                [weak self] in self?.paginate(landedAt: index)
            }
        case .idle:
            break
        }
    }

    /// Stops the retry timer and ends the cache registration (the feed is closed).
    func stop() {
        stopRetrying()
        if let cacheFeed { cacheFeed.cache.end(cacheFeed) }
    }

    private func stopRetrying() {
        retryTimer?.cancel()
        retryTimer = nil
    }

    private func resetPagination() {
        emptyPagesInARow = 0
        failures = 0
        lastFailureTime = nil
        requestedForCount = nil
        loadMoreFailure = nil
        stopRetrying()
    }

    private func loadNext(after cursor: FeedCursor, from index: Int) {
        requestedForCount = items.count
        nextInFlight = true
        let generation = self.generation
        source.loadNext(after: cursor) { [weak self] result in
            guard let self, self.generation == generation else { return }
            self.nextInFlight = false
            switch result {
            case .success(let page):
                self.failures = 0
                self.loadMoreFailure = nil
                let before = self.items.count
                self.accept(page)
                if self.items.count == before { self.noNewItems(in: page, landedAt: index) } else { self.emptyPagesInARow = 0 }
                self.inbox.post(.items(.itemsChanged)) // also when nothing new came: the end may have been reached
                if let notice = page.endNotice { self.inbox.post(.items(.toast(notice))) }
            case .failure(let failure):
                // requestedForCount stays: FeedCore's trigger backs off by failures.
                self.failures += 1
                self.lastFailureTime = Double(g_get_monotonic_time()) / 1_000_000
                self.loadMoreFailure = failure.message
                FileHandle.standardError.write(Data("flick: warning: could not load more of the feed: \(failure)\n".utf8))
                self.inbox.post(.items(.itemsChanged)) // the placeholders show the failure and Retry
                self.paginate(landedAt: index)
            }
        }
    }

    /// A next page brought nothing new: ask again, or end the feed after a
    /// run of them (FeedCore's `EmptyPageRun`), saying so.
    private func noNewItems(in page: FeedSourcePage, landedAt index: Int) {
        emptyPagesInARow += page.emptyPagesFollowed + 1
        switch EmptyPageRun.decide(emptyInARow: emptyPagesInARow, hasNext: page.next != nil) {
        case .ended:
            break
        case .endHere:
            cursor = nil
            FileHandle.standardError.write(Data(
                "flick: warning: the feed sent \(emptyPagesInARow) empty pages in a row; showing what it had\n".utf8))
            inbox.post(.items(.toast(trn("The feed sent %1$s empty page in a row; showing what it had",
                                "The feed sent %1$s empty pages in a row; showing what it had", emptyPagesInARow)
                .filled(Translation.number(emptyPagesInARow)))))
        case .askNext:
            // Asked for this length already: ask again for the page after.
            requestedForCount = nil
            MainLoopSource.idle { [weak self] in
                self?.paginate(landedAt: index)
                return false
            }
        }
    }

    /// Appends a page's items (an id already in the feed is not repeated).
    private func accept(_ page: FeedSourcePage) {
        extrasByID.merge(page.extras) { _, new in new }
        if items.isEmpty {
            items = page.items // a first page: nothing to drop, nothing to copy
        } else {
            let known = Set(items.map(\.id))
            items += page.items.filter { !known.contains($0.id) }
        }
        cursor = page.next
    }

    // MARK: Details

    /// Whether `item` still waits for its details (it cannot be played yet).
    func needsDetails(_ item: FeedItem) -> Bool { source.needsDetails(item) }

    /// Asks the source for the details `plan` needs next, one request per
    /// post, never for one on its way or one that failed.
    func fetchDetails(for plan: PreloadPlan) {
        let waiting = Set(plan.indices.filter { index in
            guard let item = item(at: index) else { return false }
            return source.needsDetails(item) && !detailsInFlight.contains(item.id) && detailsFailures[item.id] == nil
        })
        guard !waiting.isEmpty else { return }
        let generation = self.generation
        for index in DetailsPlan.indices(in: plan, waiting: waiting) {
            guard let item = item(at: index) else { continue }
            detailsInFlight.insert(item.id)
            source.fetchDetails(of: item) { [weak self] result in
                guard let self, self.generation == generation else { return }
                self.detailsInFlight.remove(item.id)
                switch result {
                case .success(let page):
                    guard let detailed = page.items.first(where: { $0.id == item.id }),
                          let at = self.items.firstIndex(where: { $0.id == detailed.id }) else { return }
                    // The detailed post takes the listed one's place (same id).
                    self.items[at] = detailed
                    if let extras = page.extras[detailed.id] { self.extrasByID[detailed.id] = extras }
                    self.inbox.post(.items(.detailed))
                case .failure(let failure):
                    self.detailsFailures[item.id] = failure
                    self.inbox.post(.items(.detailsFailed(item.id)))
                }
            }
        }
    }

    /// Why the details of the post with this id could not be had, if they could not.
    func detailsFailure(of itemID: String) -> FeedSourceFailure? { detailsFailures[itemID] }

    /// Forgets the details failure of this post so they are asked for
    /// again; false when it had none.
    func forgetDetailsFailure(of itemID: String) -> Bool {
        detailsFailures.removeValue(forKey: itemID) != nil
    }
}
