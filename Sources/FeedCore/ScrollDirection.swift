// Pure: values only, imports Foundation at most.

/// Which way the user is moving through the feed, so the plan prepares what
/// they will reach next rather than what they just left.
public enum ScrollDirection: String, Sendable, Hashable, Codable, CaseIterable {
    /// Towards higher indices (swiping up, the usual way).
    case forward
    /// Towards lower indices.
    case backward

    /// The index step, in pages, of one page in this direction: +1 or -1.
    public var step: Int {
        self == .forward ? 1 : -1
    }
}
