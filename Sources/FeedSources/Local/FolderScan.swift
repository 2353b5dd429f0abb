import FeedCore

/// What a folder scan found: the posts, newest first, and every file it
/// left out with the reason. Immutable.
public struct FolderScan: Sendable {
    /// One file that is not a post.
    public struct Skipped: Sendable, Equatable {
        /// The file's path.
        public var path: String
        public var reason: FolderSkipReason

        public init(path: String, reason: FolderSkipReason) {
            self.path = path
            self.reason = reason
        }

        /// "path: reason", as the scan writes it to stderr.
        public var line: String { "\(path): \(reason.phrase)" }
    }

    public var items: [FeedItem]
    /// In path order.
    public var skipped: [Skipped]

}
