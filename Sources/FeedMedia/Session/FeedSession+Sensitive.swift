import FeedCore

/// Sensitive posts held back (``SensitivePosts``): the view covers them,
/// the plan skips them. GTK thread only.
extension FeedSession {
    /// Whether `item` is held back now.
    public func isHeldBack(_ item: FeedItem) -> Bool {
        sensitive.isHeldBack(id: item.id, markedSensitive: extras(for: item.id)?.sensitive == true)
    }

    /// The user chose to see the post with this id: it uncovers and is
    /// prepared like any other.
    public func showSensitive(_ id: String) {
        MainActor.assertIsolated()
        guard sensitive.show(id) else { return }
        emit(.sensitiveChanged)
        update()
    }
}
