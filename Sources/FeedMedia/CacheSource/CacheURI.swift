import FeedCore
import Foundation

/// The private URI scheme that sends playback through the cache:
/// `flick-cache://<percent-encoded http(s) URL>?key=<percent-encoded cache key>&hub=<id>`,
/// the hub naming the media cache whose store the element reads.
/// Pure: values only.
public enum CacheURI {
    public static let scheme = "flick-cache"

    /// Characters left as they are: RFC 3986's unreserved set. Everything
    /// else, `:/?&=%` included, is escaped, so the original URL round-trips.
    private static let unreserved = CharacterSet(charactersIn:
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// The URI playbin is given for `url` cached under `key` by hub `hub`.
    public static func make(for url: URL, key: CacheKey, hub: Int) -> String {
        let location = url.absoluteString.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
        let keyText = key.description.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
        return "\(scheme)://\(location)?key=\(keyText)&hub=\(hub)"
    }

    /// The original URL, key and hub of a URI made by `make`; nil for anything else.
    public static func parse(_ uri: String) -> (url: URL, key: CacheKey, hub: Int)? {
        let prefix = "\(scheme)://"
        guard uri.lowercased().hasPrefix(prefix),
              let hubMark = uri.range(of: "&hub=", options: .backwards),
              let hub = Int(uri[hubMark.upperBound...]), hub > 0 else { return nil }
        let rest = uri[..<hubMark.lowerBound].dropFirst(prefix.count)
        guard let mark = rest.range(of: "?key=", options: .backwards),
              let location = String(rest[..<mark.lowerBound]).removingPercentEncoding,
              let keyText = String(rest[mark.upperBound...]).removingPercentEncoding,
              let url = URL(string: location), MediaLocation(location).isNetwork,
              let key = CacheKey(keyText) else { return nil }
        return (url, key, hub)
    }

    /// Whether playback of `url` should go through the cache: http(s)
    /// progressive files only; HLS playlists and local files play directly.
    public static func shouldRewrite(_ url: URL) -> Bool {
        MediaLocation(url.absoluteString).isCacheable
    }
}
