// Pure: values only, imports Foundation at most.

/// Where the user was in a source: the post (by id), where it was in the
/// feed, and how far into its video. Saved per source as the user goes
/// and used when the source opens again.
public struct ResumePoint: Sendable, Hashable, Codable {
    public var id: String
    /// The post's index when it was saved.
    public var index: Int
    /// Seconds into the video (0 for pictures).
    public var seconds: Double

    public init(id: String, index: Int, seconds: Double) {
        self.id = id
        self.index = max(0, index)
        self.seconds = seconds.isFinite ? max(0, seconds) : 0
    }

    /// Where to land in a feed whose loaded posts are `ids`: the saved
    /// post, at its saved position; if it is gone, the post now at its old
    /// place (the nearest later one, as the ones before it moved up), from
    /// its start; the last loaded post when the feed is now shorter; nil
    /// for an empty feed. A saved position less than a second in is the start.
    public func landing(in ids: [String]) -> (index: Int, seconds: Double)? {
        guard !ids.isEmpty else { return nil }
        if let found = ids.firstIndex(of: id) { return (found, seconds >= 1 ? seconds : 0) }
        return (min(index, ids.count - 1), 0)
    }

    /// Points kept in all; the least recently saved go first.
    public static let maxKept = 50
}
