import FeedCore

/// Sensitive posts (Mastodon's sensitive media and content warnings,
/// PeerTube's NSFW videos): unless the preference shows them, each is held
/// back — covered by its page, and neither prepared nor preloaded — until
/// the user shows it. GTK thread only.
extension FeedSession {
    /// Whether `item` is held back now.
    public func isHeldBack(_ item: FeedItem) -> Bool {
        !preferences.showsSensitive && extras(for: item.id)?.sensitive == true && !shownSensitive.contains(item.id)
    }

    /// The user chose to see the post with this id: it uncovers and is
    /// prepared like any other.
    public func showSensitive(_ id: String) {
        guard shownSensitive.insert(id).inserted else { return }
        emit(.sensitiveChanged)
        update()
    }
}
