import FeedCore
import FeedSources

/// What the session knows of each post beyond its ``FeedItem``, as values:
/// the feed's extras, the hearts, the sensitive posts shown. Both the
/// session's own decisions and its snapshot read posts through this, so
/// the view sees what the session acts on. GTK thread only.
@MainActor
struct PostFacts {
    /// What a remote feed says about its items, by id.
    var extras: [String: RemoteItemExtras]
    /// The hearts now.
    var likes: LikeBook
    /// Whether a post's service keeps likes, and whether an account may
    /// like there (per post: For You's come from several services).
    var service: @MainActor (FeedItem) -> (keepsLikes: Bool, canLike: Bool)
    /// Sensitive posts held back, and those the user chose to show.
    var sensitive: SensitivePosts

    func likeState(of item: FeedItem) -> (liked: Bool, likes: Int?) {
        let extras = extras[item.id]
        let keptHere = extras?.likeURL == nil && (extras?.servicePostID == nil || !service(item).keepsLikes)
        return likes.shown(item.id, liked: extras?.liked ?? false, likes: extras?.likes, keptHere: keptHere)
    }

    func likedByServer(_ item: FeedItem) -> Bool? {
        let extras = extras[item.id]
        let onService = extras?.servicePostID != nil && service(item).canLike
        guard extras?.likeURL != nil || onService else { return nil }
        return likes.state(of: item.id)?.confirmed.liked ?? extras?.liked
    }

    func isHeldBack(_ item: FeedItem) -> Bool {
        sensitive.isHeldBack(id: item.id, markedSensitive: extras[item.id]?.sensitive == true)
    }

    func shareTarget(of item: FeedItem) -> ShareTarget {
        ShareTarget.decide(webPage: extras[item.id]?.webPage?.absoluteString, mediaURI: item.uri)
    }
}
