// Pure: values only, imports Foundation at most.

/// What Copy link and Open give for a post: its web page where the source
/// names one (a Mastodon status, a PeerTube watch page, a feed item's
/// link), else its media file's address; a file on this computer is its
/// `file://` URI, and Open shows it in the file manager.
public enum ShareTarget: Sendable, Equatable, Codable {
    /// The post's web page (http or https).
    case page(String)
    /// The video or picture file's network address.
    case media(String)
    /// A file on this computer (`file://`).
    case localFile(String)

    /// The address the target copies or opens.
    public var address: String {
        switch self {
        case .page(let address), .media(let address), .localFile(let address): return address
        }
    }

    /// The target for a post at `mediaURI` whose source names `webPage`
    /// (already checked to be http or https at the feed's edge).
    public static func decide(webPage: String?, mediaURI: String) -> ShareTarget {
        if let webPage, !webPage.isEmpty { return .page(webPage) }
        return MediaLocation(mediaURI) == .file ? .localFile(mediaURI) : .media(mediaURI)
    }
}
