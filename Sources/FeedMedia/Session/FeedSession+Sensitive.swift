import FeedCore

/// Sensitive posts held back (``SensitivePosts``): the view covers them,
/// the plan skips them. GTK thread only.
extension FeedSession {
    /// Whether `item` is held back now.
    package func isHeldBack(_ item: FeedItem) -> Bool {
        facts.isHeldBack(item)
    }

    /// The user chose to see the post with this id: it uncovers and is
    /// prepared like any other.
    package func showSensitive(_ id: String) {
        MainActor.assertIsolated()
        guard sensitive.show(id) else { return }
        emit(.sensitiveChanged)
        update()
    }
}
