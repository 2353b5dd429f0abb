import CGLib
import FeedCore
import Foundation

/// Which addresses a feed page may use for its media, posters, likes and
/// next page. Pure.
///
/// Every address is parsed by GLib's `GUri` (RFC 3986, relative references
/// resolved against the page's URL), after refusing control characters
/// (a NUL would cut the C string libsoup and GStreamer see), white space
/// and addresses over ``FeedValueRules/maxURLBytes``.
///
/// A feed fetched over http(s) may only point to http(s) URLs with a host:
/// a remote page must never make Flick open a local file. A feed read from
/// a file (tests, fixtures) may also point to files.
enum FeedURLRules {
    /// The schemes that make a page's `next` a URL rather than a cursor.
    static let remoteSchemes: Set<String> = ["http", "https"]

    /// `value` resolved against `pageURL` when it is allowed, else nil.
    static func resolve(_ value: String, pageURL: URL) -> URL? {
        guard !value.isEmpty, value.utf8.count <= FeedValueRules.maxURLBytes,
              !FeedValueRules.hasControlCharacter(value), !value.contains(where: { $0.isWhitespace }),
              let resolved = resolveWithGLib(value, base: pageURL.absoluteString),
              let url = URL(string: resolved) else { return nil }
        return isUsable(url, pageURL: pageURL) ? url : nil
    }

    /// Whether an absolute URL may be used from a page at `pageURL`.
    static func isUsable(_ url: URL, pageURL: URL) -> Bool {
        switch MediaLocation(url.absoluteString) {
        case .http, .https, .hls: return true
        case .file: return MediaLocation(pageURL.absoluteString) == .file
        case .refused: return false
        }
    }

    /// `g_uri_resolve_relative`: the absolute URI `reference` names from
    /// `base`, still percent-encoded; nil when GLib finds it malformed.
    private static func resolveWithGLib(_ reference: String, base: String) -> String? {
        var error: UnsafeMutablePointer<GError>?
        guard let text = g_uri_resolve_relative(base, reference, G_URI_FLAGS_ENCODED, &error) else {
            if let error { g_error_free(error) }
            return nil
        }
        defer { g_free(text) }
        return String(cString: text)
    }
}
