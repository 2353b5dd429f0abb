/// What a like endpoint answered: the state it now holds for the item.
public struct LikeAnswer: Sendable, Equatable, Decodable {
    public var liked: Bool
    /// Nil when the server gives no count.
    public var likes: Int?

    public init(liked: Bool, likes: Int?) {
        self.liked = liked
        self.likes = likes
    }
}
