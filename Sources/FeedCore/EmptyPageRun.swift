// Pure: values only, imports Foundation at most.

/// When a feed that keeps answering pages with nothing new has ended.
///
/// A page with no item the feed has not shown yet (none at all, or only
/// repeats) is empty. The source reads past a few itself; the session asks
/// again while the run of empty pages is short, and past `limit` in a row
/// the feed ends where it is, saying so, rather than showing skeleton
/// pages for ever.
public enum EmptyPageRun {
    /// Empty pages in a row after which the feed ends.
    public static let limit = 5

    /// What the session does with a page that brought nothing new.
    public enum Decision: String, Sendable, Codable, CaseIterable {
        /// Ask for the next page.
        case askNext
        /// The feed ends here: it sent `limit` or more empty pages in a row.
        case endHere
        /// The source said nothing comes after it.
        case ended
    }

    /// The decision after a page with nothing new: `emptyInARow` empty
    /// pages so far (this one included), `hasNext`: the source gave a next page.
    public static func decide(emptyInARow: Int, hasNext: Bool, limit: Int = limit) -> Decision {
        guard hasNext else { return .ended }
        return emptyInARow >= limit ? .endHere : .askNext
    }
}
