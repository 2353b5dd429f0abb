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
        case .invalidURL(let url): return "the like address \(url) cannot be used"
        case .network(let message): return "the server could not be reached (\(message))"
        case .timedOut(let seconds): return "the server did not answer within \(seconds) s"
        case .httpStatus(let status): return "the server answered \(status)"
        case .badAnswer(let detail): return "the server's answer could not be read (\(detail))"
        }
    }
}
