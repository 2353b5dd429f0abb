import Foundation

/// Where a feed goes after a page, from the page's `next` field.
///
/// - A string that is an absolute http(s) URL, or starts with `/`, `./` or
///   `?`, is a URL: relative ones are resolved against the page's own URL,
///   and the result is fetched as is.
/// - Any other string is a cursor: it is sent back as the `cursor` query
///   parameter of the feed URL (replacing one already there).
/// - null, a missing `next` or an empty string: the feed ends here.
///
/// A cursor that happens to start with `/` (plain base64 can) is read as a
/// path; servers should use base64url cursors.
public enum FeedNext: Sendable, Hashable {
    /// Fetch this URL next.
    case url(URL)
    /// Ask the feed URL again with `cursor=` this value.
    case cursor(String)
    /// No more pages.
    case end

    /// Reads a page's `next`. `pageURL` is the URL the page was fetched
    /// from (after redirects). Returns nil for a URL-shaped value that does
    /// not make a valid http(s) URL (the caller ends the feed and says why).
    public static func parse(_ next: String?, pageURL: URL) -> FeedNext? {
        guard let next, !next.isEmpty else { return .end }
        if !next.contains(where: \.isWhitespace), let absolute = URL(string: next), let scheme = absolute.scheme?.lowercased() {
            if FeedURLRules.remoteSchemes.contains(scheme) {
                return FeedURLRules.resolve(next, pageURL: pageURL).map(FeedNext.url)
            }
            if scheme == "file" && pageURL.isFileURL { return .url(absolute) }
        }
        if next.hasPrefix("/") || next.hasPrefix("./") || next.hasPrefix("?") {
            return FeedURLRules.resolve(next, pageURL: pageURL).map(FeedNext.url)
        }
        // A cursor goes back into a URL: the same bounds as an address.
        guard next.utf8.count <= FeedValueRules.maxURLBytes, !FeedValueRules.hasControlCharacter(next) else { return nil }
        return .cursor(next)
    }

    /// The URL to fetch for this step of a feed at `feedURL`; nil at the end.
    public func requestURL(feedURL: URL) -> URL? {
        switch self {
        case .url(let url): return url
        case .end: return nil
        case .cursor(let cursor): return Self.url(feedURL, cursor: cursor)
        }
    }

    /// `feedURL` with its `cursor` query parameter (or the one `parameter`
    /// names: Lemmy's `page_cursor`, Pixelfed's `max_id`) set to `cursor`
    /// and every other parameter kept. `+`, `&`, `=` and the like are
    /// percent-encoded, so base64 cursors survive servers that read `+` as a space.
    static func url(_ feedURL: URL, cursor: String, parameter: String = "cursor") -> URL? {
        guard var components = URLComponents(url: feedURL, resolvingAgainstBaseURL: true) else { return nil }
        var items = (components.percentEncodedQueryItems ?? []).filter { $0.name != parameter }
        let encoded = cursor.addingPercentEncoding(withAllowedCharacters: queryValueAllowed) ?? cursor
        items.append(URLQueryItem(name: parameter, value: encoded))
        components.percentEncodedQueryItems = items
        return components.url
    }

    private static let queryValueAllowed: CharacterSet = {
        var set = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(127)))
        set.insert(charactersIn: "-._~")
        return set
    }()
}
