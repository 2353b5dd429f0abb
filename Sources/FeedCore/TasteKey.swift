// Pure: values only, imports Foundation at most.

/// What For You keeps an affinity for: a source (its address, as in
/// `sources`), an author (their address or handle on their service), or a
/// tag (a hashtag, a Lemmy community, a PeerTube channel), lowercased.
public enum TasteKey: Sendable, Hashable, Codable, Comparable {
    case source(String)
    case author(String)
    case tag(String)

    /// How much a signal moves this kind of key: a tag is one of several
    /// a post may carry, so it moves half as much.
    public var share: Double {
        switch self {
        case .source, .author: return 1
        case .tag: return 0.5
        }
    }

    /// `source:…`, `author:…`, `tag:…`: the key's text in `taste.json`.
    public var text: String {
        switch self {
        case .source(let value): return "source:\(value)"
        case .author(let value): return "author:\(value)"
        case .tag(let value): return "tag:\(value)"
        }
    }

    /// The key of `text`, nil for anything else (an empty name, another kind).
    public init?(text: String) {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let value = String(text[text.index(after: colon)...])
        guard !value.isEmpty, value.utf8.count <= Self.maxLength else { return nil }
        switch text[..<colon] {
        case "source": self = .source(value)
        case "author": self = .author(value)
        case "tag": self = .tag(value.lowercased())
        default: return nil
        }
    }

    /// The longest name kept, in bytes: longer ones are not a source's, an author's or a tag's.
    public static let maxLength = 512
}
