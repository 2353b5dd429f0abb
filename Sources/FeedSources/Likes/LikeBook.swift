import FeedCore

/// The hearts as they stand at one moment: the states of the posts the
/// user liked or unliked in this feed, and the likes kept on this
/// computer. A value: the session's snapshot carries one, so the view
/// reads hearts without reaching into ``LikeController``.
public struct LikeBook: Sendable {
    /// The controller's state per item id, for items toggled in this feed.
    var states: [String: LikeIntent.State] = [:]
    /// The likes kept on this computer, and the source's address they are kept under.
    var kept: (likes: LocalLikes, source: String)?

    public init() {}

    /// What the controller holds for `itemID`; nil if it was never toggled.
    public func state(of itemID: String) -> LikeIntent.State? { states[itemID] }

    /// What a page shows for `itemID`: the user's latest choice if the
    /// item was toggled, else the feed's `liked`/`likes`; a post no server
    /// likes (`keptHere`) shows what was kept on this computer.
    public func shown(_ itemID: String, liked: Bool, likes: Int?, keptHere: Bool = false) -> (liked: Bool, likes: Int?) {
        guard let state = states[itemID] else { return (liked || (keptHere && likedHere(itemID)), likes) }
        return (state.liked, state.likes)
    }

    /// Whether the post was liked on this computer (kept across launches).
    func likedHere(_ itemID: String) -> Bool {
        guard let kept else { return false }
        // A For You post's like is kept under its own source.
        let own = MixItemID.split(itemID).map { (source: $0.source.isEmpty ? kept.source : $0.source, id: $0.id) } ?? (source: kept.source, id: itemID)
        return kept.likes.contains(LocalLikes.Key(source: own.source, post: own.id))
    }
}
