import CGLib
import FeedCore
import FeedGObject
import Foundation

/// The feed's items: the first page from the source, more pages when
/// FeedCore's `PaginationTrigger` says so, and Reload replacing them while
/// the current post stays where it is. GTK thread only.
extension FeedSession {
    /// Pages in the feed now: its items, then skeleton pages while more may come.
    public var count: Int { items.count + placeholderCount }

    /// Skeleton pages after the items while the feed may have more.
    public var placeholderCount: Int { started && cursor == nil ? 0 : Self.placeholderPages }

    /// The item at `index`, if the feed has one there.
    public func item(at index: Int) -> FeedItem? {
        index >= 0 && index < items.count ? items[index] : nil
    }

    /// What a remote feed says about an item beyond FeedItem, nil for local feeds.
    public func extras(for itemID: String) -> RemoteItemExtras? { extrasByID[itemID] }

    /// What the disk cache scopes this feed's keys by.
    public var cacheScope: String? { source.cacheScope }

    /// Loads the first page. `completion` gets nil once it arrived (the
    /// view was told: ``Update/itemsChanged``) or why it did not. A source
    /// that has its items answers before this returns.
    public func start(_ completion: @escaping @MainActor (FeedSourceFailure?) -> Void = { _ in }) {
        loadFirstPage(completion) { [weak self] page in
            guard let self else { return }
            self.resetPagination()
            self.items = []
            self.accept(page)
            self.started = true
            // The view re-reads the items and pushes: that re-plans.
            self.emit(.itemsChanged)
        }
    }

    /// Loads the feed again and replaces its items: the current post, when
    /// it is still there, keeps playing where it now is. `completion` gets
    /// nil once replaced, or why not (the feed is left as it was).
    public func reload(_ completion: @escaping @MainActor (FeedSourceFailure?) -> Void) {
        loadFirstPage(completion) { [weak self] page in self?.replace(with: page) }
    }

    /// Asks the source for its first page, dropping the answer to any
    /// earlier request (and a next page in flight); `use` takes the page
    /// before `completion` hears how it went.
    private func loadFirstPage(_ completion: @escaping @MainActor (FeedSourceFailure?) -> Void,
                               use: @escaping @MainActor (FeedSourcePage) -> Void) {
        pageGeneration += 1
        pageLoadInFlight = false
        // Answers to details asked before are dropped with the generation:
        // what was on its way, or failed, is asked for again.
        detailsInFlight.removeAll()
        detailsFailures.removeAll()
        let generation = pageGeneration
        source.loadFirst { [weak self] result in
            guard let self, self.pageGeneration == generation else { return }
            switch result {
            case .success(let page):
                use(page)
                completion(nil)
            case .failure(let failure):
                completion(failure)
            }
        }
    }

    /// The user pressed Retry on a placeholder page.
    public func retryLoadMore() {
        resetPagination()
        emit(.itemsChanged)
        paginate(landedAt: max(0, items.count - 1))
    }

    // MARK: Internals

    private func resetPagination() {
        emptyPagesInARow = 0
        pageFailures = 0
        lastPageFailureTime = nil
        requestedForCount = nil
        loadMoreFailure = nil
        pageRetryTimer?.cancel()
        pageRetryTimer = nil
    }

    /// The landing page changed: load more when FeedCore says so.
    func paginate(landedAt index: Int) {
        guard let cursor else { return }
        let now = Double(g_get_monotonic_time()) / 1_000_000
        let decision = PaginationTrigger.decide(PaginationTrigger.Input(
            landingIndex: index, count: items.count, loadInFlight: pageLoadInFlight,
            endReached: false, requestedForCount: requestedForCount,
            failures: pageFailures, lastFailureTime: lastPageFailureTime, now: now))
        switch decision {
        case .load:
            loadNext(after: cursor, from: index)
        case .retry(let at):
            pageRetryTimer?.cancel()
            pageRetryTimer = MainLoopSource.after(milliseconds: UInt32(saturatingRounded: max(0, at - now) * 1000)) {
                [weak self] in self?.paginate(landedAt: index)
            }
        case .idle:
            break
        }
    }

    private func loadNext(after cursor: FeedCursor, from index: Int) {
        requestedForCount = items.count
        pageLoadInFlight = true
        let generation = pageGeneration
        source.loadNext(after: cursor) { [weak self] result in
            guard let self, self.pageGeneration == generation else { return }
            self.pageLoadInFlight = false
            switch result {
            case .success(let page):
                self.pageFailures = 0
                self.loadMoreFailure = nil
                let before = self.items.count
                self.accept(page)
                if self.items.count == before { self.noNewItems(in: page, landedAt: index) } else { self.emptyPagesInARow = 0 }
                self.emit(.itemsChanged) // also when nothing new came: the end may have been reached
            case .failure(let failure):
                // requestedForCount stays: FeedCore's trigger backs off by failures.
                self.pageFailures += 1
                self.lastPageFailureTime = Double(g_get_monotonic_time()) / 1_000_000
                self.loadMoreFailure = failure.message
                FileHandle.standardError.write(Data("flick: warning: could not load more of the feed: \(failure)\n".utf8))
                self.emit(.itemsChanged) // the placeholders show the failure and Retry
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
            let message = "The feed sent \(emptyPagesInARow) empty pages in a row; showing what it had"
            FileHandle.standardError.write(Data("flick: warning: \(message)\n".utf8))
            emit(.toast(message))
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
        let known = Set(items.map(\.id))
        items += page.items.filter { !known.contains($0.id) }
        cursor = page.next
    }

    /// Replaces the items by a fresh first page: what the user sees is kept
    /// by id (FeedCore's ItemDiff); players follow their items.
    private func replace(with page: FeedSourcePage) {
        let oldIDs = items.map(\.id)
        let newIDs = page.items.map(\.id)
        let diff = ItemDiff.diff(ItemDiff.Input(old: oldIDs, new: newIDs,
                                                currentIndex: oldIDs.isEmpty || current < 0 ? nil : current))
        var newIndexOfID: [String: Int] = [:]
        for (index, id) in newIDs.enumerated() where newIndexOfID[id] == nil { newIndexOfID[id] = index }
        var newIndexOf: [Int: Int] = [:]
        for (old, id) in oldIDs.enumerated() { if let new = newIndexOfID[id] { newIndexOf[old] = new } }
        let newCurrent = diff.currentIndex ?? 0

        pool.remap { newIndexOf[$0] }
        lastFrames = Dictionary(lastFrames.compactMap { old, frame in newIndexOf[old].map { ($0, frame) } },
                                uniquingKeysWith: { first, _ in first })
        wiring.removeAll()
        bindingSources.removeAll()
        if diff.currentKept {
            current = newCurrent
        }
        input.currentIndex = newCurrent
        resetPagination()
        items = []
        extrasByID = [:]
        accept(page)
        started = true
        emit(.itemsReplaced(ItemsReplacement(newIndexOf: newIndexOf, currentIndex: newCurrent,
                                             keptCurrent: diff.currentKept)))
    }
}
