/// Where a feed goes on: opaque to the session, which only hands it back.
public struct FeedCursor: Sendable, Hashable {
    /// The source's own token (a page number, a URL).
    public let token: String
    public init(_ token: String) { self.token = token }
}
