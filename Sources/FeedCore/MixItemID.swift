// Pure: values only, imports Foundation at most.

/// A For You post's id: its source's address and its own id in that
/// source, joined by a unit separator (U+001F, which no address and no id
/// a feed hands over holds: ``FeedValueRules`` refuses control characters).
/// Two sources may use the same ids; in the mix they stay apart, and the
/// like kept on this computer still goes under the post's own source.
public enum MixItemID {
    static let separator: Character = "\u{1F}"

    public static func compose(source: String, id: String) -> String {
        "\(source)\(separator)\(id)"
    }

    /// The source's address (empty for the demo's, whose address in
    /// `sources` is empty) and the post's own id, nil for an id that is
    /// not a For You post's.
    public static func split(_ id: String) -> (source: String, id: String)? {
        guard let mark = id.firstIndex(of: separator) else { return nil }
        let source = String(id[..<mark]), own = String(id[id.index(after: mark)...])
        guard !own.isEmpty else { return nil }
        return (source, own)
    }
}
