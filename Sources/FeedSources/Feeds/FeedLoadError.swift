import FeedGObject
import FeedCore
import Foundation

/// Why a feed page could not be used at all (a bad item only skips that
/// item; see ``SkippedFeedItem``). Each case reads as one human line through
/// `description`, for logs and the feed-level error card.
public enum FeedLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The feed or next-page address is not a usable http(s) URL.
    case invalidURL(String)
    /// The server could not be reached or the connection broke; GIO's message.
    case network(String)
    /// The server's TLS certificate was refused; says what is wrong with it.
    case tls(String)
    /// Nothing arrived for this long, in seconds.
    case timedOut(seconds: Int)
    /// The server answered a failing status; the reason phrase when it sent one.
    case httpStatus(Int, reason: String?)
    /// The body is larger than the page limit, in bytes (`bytes` is the
    /// Content-Length when the download was stopped on the headers, else
    /// the bytes counted when the body passed the limit).
    case tooLarge(bytes: Int, limit: Int)
    /// The page holds more items than the limit.
    case tooManyItems(count: Int, limit: Int)
    /// The body is not JSON; says where parsing stopped and, when the server
    /// named another content type, which one.
    case notJSON(String)
    /// The body is JSON or XML but not a feed page (no `items` array, a
    /// `next` that is not a string, an XML root that is not RSS or Atom, ...).
    case schema(String)
    /// The body (RSS or Atom) is not well-formed XML; libxml2's message.
    case notXML(String)
    /// The document was refused unread: it declares entities, or is nested
    /// or sized past the reader's bounds.
    case refused(String)
    /// What is at the address is not a feed Flick reads (a web page, an
    /// instance that is neither PeerTube nor Mastodon): what was found.
    case noFeed(url: String, found: String)

    public var description: String {
        switch self {
        case .invalidURL(let url):
            return tr("The feed address %1$s is not an http(s) URL.").filled(url)
        case .network(let message):
            return tr("Could not reach the feed: %1$s").filled(message)
        case .tls(let problem):
            return tr("The feed’s secure connection failed: %1$s.").filled(problem)
        case .timedOut(let seconds):
            return tr("The feed did not answer within %1$s s.").filled(String(seconds))
        case .httpStatus(let status, let reason):
            guard let phrase = reason.flatMap({ $0.isEmpty ? nil : $0 }) else {
                return tr("The feed answered HTTP %1$s.").filled(String(status))
            }
            return tr("The feed answered HTTP %1$s (%2$s).").filled(String(status), phrase)
        case .tooLarge(let bytes, let limit):
            return tr("The feed page is too large: %1$s (the limit is %2$s).").filled(Self.megabytes(bytes), Self.megabytes(limit))
        case .tooManyItems(let count, let limit):
            return tr("The feed page has %1$s items (the limit is %2$s).").filled(Translation.number(count), Translation.number(limit))
        case .notJSON(let detail):
            return tr("The feed is not JSON: %1$s.").filled(detail)
        case .schema(let detail):
            return tr("The feed page does not have a feed’s shape: %1$s.").filled(detail)
        case .notXML(let detail):
            return tr("The feed is not well-formed XML: %1$s.").filled(detail)
        case .refused(let detail):
            return tr("The feed was refused: %1$s.").filled(detail)
        case .noFeed(let url, let found):
            return tr("No feed found at %1$s: %2$s.").filled(url, found)
        }
    }

    /// The shared error code, for the error card and metrics.
    public var code: ErrorCode {
        switch self {
        case .invalidURL, .tooLarge, .tooManyItems, .notJSON, .schema, .notXML, .refused, .noFeed: return .unsupportedFormat
        case .network: return .networkUnavailable
        case .tls: return .tlsError
        case .timedOut: return .timeout
        case .httpStatus(let status, _): return ErrorCode.forHTTPStatus(status) ?? .httpError
        }
    }

    /// Whether asking again later may help (network trouble, 5xx, 408, 429):
    /// the load-more row retries these with backoff, the rest wait for the user.
    public var isRetryable: Bool {
        switch self {
        case .network, .timedOut: return true
        case .httpStatus(let status, _): return ErrorCode.isRetryableHTTPStatus(status)
        case .invalidURL, .tls, .tooLarge, .tooManyItems, .notJSON, .schema, .notXML, .refused, .noFeed: return false
        }
    }

    /// "9.0 MB", in units of 1,048,576 bytes (the limit is 8 of them).
    static func megabytes(_ bytes: Int) -> String {
        let value = Double(bytes) / 1_048_576
        return value == value.rounded() ? "\(Int(value)) MB" : String(format: "%.1f MB", value)
    }
}

extension FeedLoadError {
    /// A 401 or 403: the server keeps what was asked from visitors.
    var refusesVisitors: Bool {
        if case .httpStatus(let status, _) = self { return status == 401 || status == 403 }
        return false
    }
}
