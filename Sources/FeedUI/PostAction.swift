/// What the user did with a post that the app may learn from (For You):
/// reported by ``FeedView/onPostAction``.
public enum PostAction: Sendable, Equatable {
    /// Liked it (not an unlike).
    case like
    case save
    case copyLink
    /// "Show fewer like this" (`n`): the view pages on.
    case showFewer
    /// "Why am I seeing this?": the app says why.
    case whyThisPost
}
