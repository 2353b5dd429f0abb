// Pure: values only, imports Foundation at most.
import Foundation

/// Where a media address points: the one classification every layer uses
/// to decide how an address is fetched, cached, played or refused.
public enum MediaLocation: String, Sendable, Hashable, Codable, CaseIterable {
    /// A progressive file over HTTP.
    case http
    /// A progressive file over HTTPS.
    case https
    /// An HLS playlist over http(s) (`.m3u8`, `.m3u`): read through the
    /// byte-range cache by its address, as are the segments it names
    /// beside it.
    case hls
    /// A file on this machine (`file:`).
    case file
    /// Anything else: another scheme, no scheme, an address that does not
    /// parse.
    case refused

    /// Classifies `address` by its scheme (case-insensitive, RFC 3986's
    /// scheme characters) and, over http(s), its path's extension.
    public init(_ address: String) {
        guard let colon = address.firstIndex(of: ":") else {
            self = .refused
            return
        }
        let scheme = address[..<colon].lowercased()
        guard let first = scheme.unicodeScalars.first, CharacterSet.letters.contains(first),
              scheme.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) || "+-.".unicodeScalars.contains($0) }),
              scheme.unicodeScalars.allSatisfy(\.isASCII),
              let url = URL(string: address) else {
            self = .refused
            return
        }
        switch scheme {
        case "file":
            self = .file
        case "http", "https":
            guard let host = url.host, !host.isEmpty else {
                self = .refused
                return
            }
            if ["m3u8", "m3u"].contains(url.pathExtension.lowercased()) {
                self = .hls
            } else {
                self = scheme == "http" ? .http : .https
            }
        default:
            self = .refused
        }
    }

    /// Fetched over the network (http, https, HLS).
    public var isNetwork: Bool { self == .http || self == .https || self == .hls }

    /// Played and preloaded through the byte-range cache: progressive
    /// http(s) files, and HLS playlists with their segments.
    public var isCacheable: Bool { isNetwork }
}
