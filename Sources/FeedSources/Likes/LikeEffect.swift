/// What a like's toggle or its server's answer means for the feed: a
/// heart to redraw, or a toast saying the like was not saved. Returned by
/// ``LikeController/toggle(_:likeURL:servicePostID:serviceRecord:liked:likes:)`` for
/// what happens at once, handed to its `answered` handler for what the
/// server says later. Values only.
public enum LikeEffect: Equatable, Sendable {
    /// The item's shown state changed (optimistically, or to the server's word).
    case changed(itemID: String, liked: Bool, likes: Int?)
    /// A like or unlike was not saved and the heart went back; `message` is for a toast.
    case failed(itemID: String, message: String)
}
