import Foundation

/// Which addresses a feed page may use for its media, posters, likes and
/// next page. Pure.
///
/// A feed fetched over http(s) may only point to http(s) URLs with a host:
/// a remote page must never make Flick open a local file. A feed read from
/// a file (tests, fixtures) may also point to files.
enum FeedURLRules {
    static let remoteSchemes: Set<String> = ["http", "https"]

    /// `value` resolved against `pageURL` when it is allowed, else nil.
    static func resolve(_ value: String, pageURL: URL) -> URL? {
        guard !value.isEmpty, !value.contains(where: { $0.isWhitespace }),
              let url = URL(string: value, relativeTo: pageURL)?.absoluteURL else { return nil }
        return isUsable(url, pageURL: pageURL) ? url : nil
    }

    /// Whether an absolute URL may be used from a page at `pageURL`.
    static func isUsable(_ url: URL, pageURL: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased() else { return false }
        if remoteSchemes.contains(scheme) { return !(url.host ?? "").isEmpty }
        return scheme == "file" && pageURL.isFileURL
    }
}
