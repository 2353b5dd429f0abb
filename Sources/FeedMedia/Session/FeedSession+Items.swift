import FeedCore
import FeedSources

/// The feed's items, as the view and the plan see them (``FeedItems``
/// owns them and their pagination), and Reload replacing them while the
/// current post stays where it is. GTK thread only.
extension FeedSession {
    /// The feed's items loaded so far.
    package var items: [FeedItem] { feed.items }

    /// Pages in the feed now: its items, then skeleton pages while more may come.
    package var count: Int { feed.items.count + feed.placeholderCount }

    /// Skeleton pages shown past the loaded items while more may come.
    package static var placeholderPages: Int { FeedItems.placeholderPages }

    /// Skeleton pages after the items while the feed may have more.
    package var placeholderCount: Int { feed.placeholderCount }

    /// Why the last page load failed, while it is failing (the placeholders say it).
    package var loadMoreFailure: String? { feed.loadMoreFailure }

    /// Whether the first page has arrived.
    package var started: Bool { feed.started }

    /// The item at `index`, if the feed has one there.
    package func item(at index: Int) -> FeedItem? { feed.item(at: index) }

    /// What a remote feed says about an item beyond FeedItem, nil for local feeds.
    package func extras(for itemID: String) -> RemoteItemExtras? { feed.extras(for: itemID) }

    /// Loads the first page. `completion` gets nil once it arrived (the
    /// view was told: ``Update/itemsChanged``) or why it did not. A source
    /// that has its items answers before this returns. A source that reads
    /// long (a large folder) shows what it found so far first; each later
    /// part replaces the items as a Reload does, keeping the current post
    /// once the user has paged away from the first one (at the top, the
    /// newest found so far shows).
    public func start(_ completion: @escaping @MainActor (FeedSourceFailure?) -> Void = { _ in }) {
        MainActor.assertIsolated()
        feed.loadFirst(completion) { [weak self] page in
            guard let self else { return }
            // At the top, the newest post shows, whichever it is now.
            guard !self.feed.started else { return self.replace(with: page, followingTop: self.current <= 0) }
            self.feed.replaceAll(with: page)
            // The view re-reads the items and pushes: that re-plans.
            self.emit(.itemsChanged)
        }
    }

    /// Loads the feed again and replaces its items: the current post, when
    /// it is still there, keeps playing where it now is. `completion` gets
    /// nil once replaced, or why not (the feed is left as it was).
    public func reload(_ completion: @escaping @MainActor (FeedSourceFailure?) -> Void) {
        MainActor.assertIsolated()
        feed.loadFirst(completion) { [weak self] page in self?.replace(with: page) }
    }

    /// The user pressed Retry on a placeholder page.
    package func retryLoadMore() {
        MainActor.assertIsolated()
        apply(feed.retryLoadMore())
    }

    /// What ``FeedItems`` tells the session.
    func itemsDidChange(_ change: FeedItems.Change) {
        switch change {
        case .itemsChanged:
            emit(.itemsChanged)
        case .detailed:
            emit(.itemsChanged)
            update()
        case .detailsFailed(let id):
            if item(at: current)?.id == id { reportDetailsFailure(at: current) }
        case .toast(let message):
            emit(.toast(message))
        }
    }

    /// Replaces the items by a fresh first page: what the user sees is kept
    /// by id (FeedCore's ItemDiff), unless `followingTop` (the first post
    /// shows, whichever it now is); players follow their items.
    private func replace(with page: FeedSourcePage, followingTop: Bool = false) {
        StallWatch.running("items replaced") { replaceItems(with: page, followingTop: followingTop) }
    }

    private func replaceItems(with page: FeedSourcePage, followingTop: Bool) {
        let oldIDs = feed.items.map(\.id)
        let newIDs = page.items.map(\.id)
        // Following the top keeps the current post only while it is still the newest.
        let keeps = oldIDs.indices.contains(current) && (!followingTop || newIDs.first == oldIDs[current])
        let diff = ItemDiff.diff(ItemDiff.Input(old: oldIDs, new: newIDs, currentIndex: keeps ? current : nil))
        var newIndexOfID = [String: Int](minimumCapacity: newIDs.count)
        for (index, id) in newIDs.enumerated() where newIndexOfID[id] == nil { newIndexOfID[id] = index }
        var newIndexOf = [Int: Int](minimumCapacity: oldIDs.count)
        for (old, id) in oldIDs.enumerated() { if let new = newIndexOfID[id] { newIndexOf[old] = new } }
        let newCurrent = diff.currentIndex ?? 0

        pool.remap { newIndexOf[$0] }
        wiring.remap(newIndexOf)
        // The post shown is another one: the view's next push lands on it.
        current = diff.currentKept ? newCurrent : -1
        view.input.currentIndex = newCurrent
        feed.replaceAll(with: page)
        emit(.itemsReplaced(ItemsReplacement(newIndexOf: newIndexOf, currentIndex: newCurrent,
                                             keptCurrent: diff.currentKept)))
    }
}
