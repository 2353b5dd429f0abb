// Pure: values only, imports Foundation at most.

/// A captions file of a post: the language it is in, as its source names
/// it (`en`, `pt-BR`; nil when unknown), and where it is (`file://` beside
/// a local clip, `http(s)://` from a feed).
public struct CaptionTrack: Sendable, Hashable, Codable {
    public var language: String?
    public var uri: String

    public init(language: String?, uri: String) {
        self.language = language
        self.uri = uri
    }
}
