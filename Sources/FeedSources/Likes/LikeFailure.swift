import FeedGObject
/// Why a like request did not go through. All of them mean the same to the
/// user (the like was not saved); the case says why, for logs and toasts.
public enum LikeFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The item's likeURL is not an http(s) URL libsoup accepts.
    case invalidURL(String)
    /// No answer: connection refused or reset, DNS, TLS (GIO's message).
    case network(String)
    /// No whole answer within the sender's timeout, in seconds.
    case timedOut(seconds: Int)
    /// An answer that was not 2xx.
    case httpStatus(Int)
    /// A 2xx answer that was not `{"liked": bool, "likes": int?}`.
    case badAnswer(String)

    public var description: String {
        switch self {
        case .invalidURL(let url): return tr("the like address %1$s cannot be used").filled(url)
        case .network(let message): return tr("the server could not be reached (%1$s)").filled(message)
        case .timedOut(let seconds): return tr("the server did not answer within %1$s s").filled(String(seconds))
        // Translators: an HTTP status code, like 500.
        case .httpStatus(let status): return tr("the server answered %1$s").filled(String(status))
        case .badAnswer(let detail): return tr("the server's answer could not be read (%1$s)").filled(detail)
        }
    }
}
