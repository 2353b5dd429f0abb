/// What the bench's demo server answers as (`flick bench --source`), and
/// so what the app opens: the same posts and media either way.
enum BenchSource: String, Codable, Sendable, CaseIterable {
    /// Flick's JSON feed, cursor-paged (the default).
    case flick
    /// A PeerTube instance: lists without files, a details request per post.
    case peertube
    /// A Mastodon hashtag's timeline, paged by the Link header.
    case mastodon
}
