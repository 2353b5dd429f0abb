import FeedCore

/// Sensitive posts (Mastodon's sensitive media and content warnings,
/// PeerTube's NSFW videos): unless the preference shows them, each is held
/// back — covered by its page, and neither prepared nor preloaded — until
/// the user shows it. Owned by ``FeedSession``; GTK thread only.
struct SensitivePosts: Sendable {
    /// The `show-sensitive` preference: every post shows.
    var showsAll = false
    /// Posts the user chose to show (by id).
    private var shown = Set<String>()

    /// Whether a post is held back now, from whether its feed marks it sensitive.
    func isHeldBack(id: String, markedSensitive: Bool) -> Bool {
        !showsAll && markedSensitive && !shown.contains(id)
    }

    /// The user chose to see the post with this id; false when it was shown already.
    mutating func show(_ id: String) -> Bool {
        shown.insert(id).inserted
    }
}
