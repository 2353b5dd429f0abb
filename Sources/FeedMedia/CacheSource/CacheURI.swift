import FeedCore
import Foundation

/// The private URI schemes that send playback through the cache. Pure:
/// values only.
///
/// - A progressive file: `flick-cache://<percent-encoded http(s) URL>?key=<percent-encoded cache key>&hub=<id>`,
///   the hub naming the media cache whose store the element reads.
/// - An HLS playlist: the address itself under `flick-cache-http` or
///   `flick-cache-https`, the hub in its user part
///   (`flick-cache-https://hub-7@cdn.example.org/live/index.m3u8`). The
///   demuxer resolves the segments the playlist names against it, so they
///   come back to the cache in the same form; each is stored under its own
///   address (``hlsKey(for:)``).
public enum CacheURI {
    public static let scheme = "flick-cache"
    /// The schemes of HLS addresses read through the cache, by origin scheme.
    public static let hlsSchemes = ["http": "flick-cache-http", "https": "flick-cache-https"]

    /// Characters left as they are: RFC 3986's unreserved set. Everything
    /// else, `:/?&=%` included, is escaped, so the original URL round-trips.
    private static let unreserved = CharacterSet(charactersIn:
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// The URI playbin is given for `url` cached under `key` by hub `hub`
    /// (HLS: by its address, ``makeHLS(for:hub:)``).
    public static func make(for url: URL, key: CacheKey, hub: Int) -> String {
        if MediaLocation(url.absoluteString) == .hls, let uri = makeHLS(for: url, hub: hub) { return uri }
        let location = url.absoluteString.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
        let keyText = key.description.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
        return "\(scheme)://\(location)?key=\(keyText)&hub=\(hub)"
    }

    /// The URI of an HLS playlist (or segment) at `url` read through hub
    /// `hub`; nil for an address that cannot carry the hub (one with a
    /// user part of its own).
    public static func makeHLS(for url: URL, hub: Int) -> String? {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              let origin = components.scheme?.lowercased(), let scheme = hlsSchemes[origin],
              components.user == nil, components.password == nil,
              let host = components.host, !host.isEmpty else { return nil }
        components.scheme = scheme
        components.user = "hub-\(hub)"
        components.fragment = nil
        return components.string
    }

    /// The original URL, key and hub of a URI made by `make` or `makeHLS`;
    /// nil for anything else.
    public static func parse(_ uri: String) -> (url: URL, key: CacheKey, hub: Int)? {
        let prefix = "\(scheme)://"
        guard uri.lowercased().hasPrefix(prefix) else { return parseHLS(uri) }
        guard let hubMark = uri.range(of: "&hub=", options: .backwards),
              let hub = Int(uri[hubMark.upperBound...]), hub > 0 else { return nil }
        let rest = uri[..<hubMark.lowerBound].dropFirst(prefix.count)
        guard let mark = rest.range(of: "?key=", options: .backwards),
              let location = String(rest[..<mark.lowerBound]).removingPercentEncoding,
              let keyText = String(rest[mark.upperBound...]).removingPercentEncoding,
              let url = URL(string: location), MediaLocation(location).isNetwork,
              let key = CacheKey(keyText) else { return nil }
        return (url, key, hub)
    }

    private static func parseHLS(_ uri: String) -> (url: URL, key: CacheKey, hub: Int)? {
        guard var components = URLComponents(string: uri),
              let scheme = components.scheme?.lowercased(),
              let origin = hlsSchemes.first(where: { $0.value == scheme })?.key,
              let user = components.user, user.hasPrefix("hub-"),
              let hub = Int(user.dropFirst(4)), hub > 0, components.password == nil else { return nil }
        components.scheme = origin
        components.user = nil
        components.fragment = nil
        guard let url = components.url, MediaLocation(url.absoluteString).isNetwork,
              CacheKey.origin(of: url.absoluteString) != nil else { return nil }
        return (url, hlsKey(for: url), hub)
    }

    /// The key an HLS playlist or segment is stored under: its own
    /// address, scoped by `hls+` and its origin, so it never meets the key
    /// of a feed's item (feeds scope by their plain origin).
    public static func hlsKey(for url: URL) -> CacheKey {
        let origin = CacheKey.origin(of: url.absoluteString) ?? "local"
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        components?.fragment = nil
        return CacheKey.scoped(.video, scope: "hls+\(origin)", name: components?.string ?? url.absoluteString)
    }

    /// Whether playback of `url` should go through the cache: http(s)
    /// progressive files and HLS playlists (one whose address carries a
    /// user part of its own plays directly); local files play directly.
    public static func shouldRewrite(_ url: URL) -> Bool {
        let location = MediaLocation(url.absoluteString)
        guard location.isCacheable else { return false }
        return location != .hls || makeHLS(for: url, hub: 1) != nil
    }
}
