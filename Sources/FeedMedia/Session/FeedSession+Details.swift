import FeedCore

/// Posts listed without a media address (PeerTube's lists give no files):
/// their details are fetched as the preload plan comes to them — the
/// current post, the next ones it prepares and preloads — never the whole
/// list, through the source (one request at a time). Until then a post
/// shows its poster and texts; once detailed it is replaced in place and
/// prepared like any other. GTK thread only.
extension FeedSession {
    /// Whether `item` may be prepared and preloaded now.
    func isPlayable(_ item: FeedItem) -> Bool {
        !isHeldBack(item) && !source.needsDetails(item)
    }

    /// Asks the source for the details the plan needs next.
    func fetchDetails(for plan: PreloadPlan) {
        let waiting = Set(plan.indices.filter { index in
            guard let item = item(at: index) else { return false }
            return source.needsDetails(item) && !detailsInFlight.contains(item.id) && detailsFailures[item.id] == nil
        })
        guard !waiting.isEmpty else { return }
        let generation = pageGeneration
        for index in DetailsPlan.indices(in: plan, waiting: waiting) {
            guard let item = item(at: index) else { continue }
            detailsInFlight.insert(item.id)
            source.fetchDetails(of: item) { [weak self] result in
                guard let self, self.pageGeneration == generation else { return }
                self.detailsInFlight.remove(item.id)
                switch result {
                case .success(let page):
                    guard let detailed = page.items.first(where: { $0.id == item.id }) else { return }
                    self.replaceDetailed(detailed, extras: page.extras[detailed.id])
                case .failure(let failure):
                    self.detailsFailures[item.id] = failure
                    if self.item(at: self.current)?.id == item.id { self.reportDetailsFailure(at: self.current) }
                }
            }
        }
    }

    /// The current post's details could not be had: its page says why.
    func reportDetailsFailure(at index: Int) {
        guard let item = item(at: index), let failure = detailsFailures[item.id] else { return }
        let retryable = RetryPolicy.isRetryable(failure.code, httpStatus: nil)
        currentError = (failure.code, retryable)
        counters.errorsShown += 1
        emit(.error(index: index, code: failure.code, httpStatus: nil, retryable: retryable))
    }

    /// Retry on a post whose details failed: asked for again. False when
    /// the post at `index` had no such failure.
    func retryDetails(at index: Int) -> Bool {
        guard let item = item(at: index), detailsFailures.removeValue(forKey: item.id) != nil else { return false }
        emit(.errorCleared(index: index))
        currentError = nil
        update()
        return true
    }

    /// The detailed post takes the listed one's place (same id).
    private func replaceDetailed(_ detailed: FeedItem, extras: RemoteItemExtras?) {
        guard let index = items.firstIndex(where: { $0.id == detailed.id }) else { return }
        items[index] = detailed
        if let extras { extrasByID[detailed.id] = extras }
        emit(.itemsChanged)
        update()
    }
}
