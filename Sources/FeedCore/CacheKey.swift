// Pure: values only, imports Foundation at most.
import Foundation

/// Names one cached resource: what kind of bytes it holds and where they
/// came from. File names on disk are hashes of `text`, never the key itself.
public struct CacheKey: Sendable, Hashable, Codable, Comparable, CodingKeyRepresentable, LosslessStringConvertible {
    /// The kind of bytes, which also picks the budget they count against.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// A video file, cached by byte ranges.
        case video
        /// A photo or poster, cached whole.
        case image
    }

    /// What the bytes are.
    public var kind: Kind
    /// The resource's URI.
    public var source: String

    /// Creates a key.
    public init(kind: Kind, source: String) {
        self.kind = kind
        self.source = source
    }

    /// The key of `name` (an item's cacheKey or id) as stored for `scope`
    /// (the origin of the feed, or of the media when no feed applies):
    /// `scope name`. An origin holds no space, so two scopes never meet,
    /// whatever names a feed uses: a feed reads only what its own origin stored.
    public static func scoped(_ kind: Kind, scope: String, name: String) -> CacheKey {
        CacheKey(kind: kind, source: "\(scope) \(name)")
    }

    /// `scheme://host:port` of an http(s) URL, the port filled in from the
    /// scheme, lowercased; nil for anything else.
    public static func origin(of address: String) -> String? {
        guard let url = URL(string: address), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host?.lowercased(), !host.isEmpty else { return nil }
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\(host):\(port)"
    }

    /// `kind:source`, e.g. `video:https://example.org/a.mp4`: the stable text
    /// of the key, hashed for file names and used in JSON.
    public var description: String {
        "\(kind.rawValue):\(source)"
    }

    /// Parses `kind:source`; nil when the kind is unknown or missing.
    public init?(_ description: String) {
        guard let colon = description.firstIndex(of: ":"),
              let kind = Kind(rawValue: String(description[..<colon])) else { return nil }
        self.init(kind: kind, source: String(description[description.index(after: colon)...]))
    }

    /// Orders keys by their text, so ties between equally old entries are
    /// broken the same way every time.
    public static func < (lhs: CacheKey, rhs: CacheKey) -> Bool {
        lhs.description < rhs.description
    }

    /// Decodes the `kind:source` text.
    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let key = CacheKey(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                debugDescription: "\"\(text)\" is not a cache key (kind:source)"))
        }
        self = key
    }

    /// Encodes the `kind:source` text.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// Lets a dictionary keyed by `CacheKey` encode as a JSON object.
    public var codingKey: CodingKey {
        TextKey(stringValue: description)
    }

    /// Reads a dictionary key written by `codingKey`.
    public init?<T: CodingKey>(codingKey: T) {
        self.init(codingKey.stringValue)
    }

    private struct TextKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
