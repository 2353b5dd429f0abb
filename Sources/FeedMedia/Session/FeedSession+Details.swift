import FeedCore

/// Posts listed without a media address (PeerTube's lists give no files):
/// their details are fetched as the preload plan comes to them — the
/// current post, the next ones it prepares and preloads — never the whole
/// list (``FeedItems`` asks the source, one request at a time). Until then
/// a post shows its poster and texts; once detailed it is replaced in place
/// and prepared like any other. GTK thread only.
extension FeedSession {
    /// Whether `item` may be prepared and preloaded now.
    func isPlayable(_ item: FeedItem) -> Bool {
        !isHeldBack(item) && !feed.needsDetails(item)
    }

    /// The current post's details could not be had: its page says why.
    func reportDetailsFailure(at index: Int) {
        guard let item = item(at: index), let failure = feed.detailsFailure(of: item.id) else { return }
        let retryable = RetryPolicy.isRetryable(failure.code, httpStatus: nil)
        health.show(failure.code, retryable: retryable)
        emit(.error(index: index, code: failure.code, httpStatus: nil, retryable: retryable))
    }

    /// Retry on a post whose details failed: asked for again. False when
    /// the post at `index` had no such failure.
    func retryDetails(at index: Int) -> Bool {
        guard let item = item(at: index), feed.forgetDetailsFailure(of: item.id) else { return false }
        emit(.errorCleared(index: index))
        health.currentError = nil
        update()
        return true
    }
}
