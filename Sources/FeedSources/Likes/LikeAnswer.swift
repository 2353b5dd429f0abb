/// What a like endpoint answered: the state it now holds for the item.
public struct LikeAnswer: Sendable, Equatable, Decodable {
    public var liked: Bool
    /// Nil when the server gives no count.
    public var likes: Int?
    /// Bluesky: the like record a like made (an AT URI), which an unlike deletes.
    public var record: String?

    public init(liked: Bool, likes: Int?, record: String? = nil) {
        self.liked = liked
        self.likes = likes
        self.record = record
    }
}
