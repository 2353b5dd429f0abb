// Pure: values only, imports Foundation at most.

/// Whether a refused API request (a feed page, a post's details) is asked
/// again, and after how long: 429 Too Many Requests and 503 Service
/// Unavailable are, when the server says when (`Retry-After`, or
/// `X-RateLimit-Reset`) or with a doubling wait when it does not; anything
/// else is answered as it came.
///
/// Bounded both ways: at most ``maxAttempts`` tries in all, and no single
/// wait over ``maxWaitSeconds`` (a server asking for longer is given up on
/// and its answer shown, rather than freezing the feed for an hour).
public enum RateLimitWait {
    /// Tries of one request in all, the first included.
    public static let maxAttempts = 4
    /// The longest wait honoured, in seconds.
    public static let maxWaitSeconds = 30.0

    /// What to do with a refused request.
    public enum Decision: Sendable, Equatable {
        /// Send it again after this many seconds.
        case retry(afterSeconds: Double)
        /// Hand the answer over as it is.
        case answer
    }

    /// - Parameters:
    ///   - status: the HTTP status that came back.
    ///   - attempt: which try that was (1 for the first).
    ///   - hintSeconds: what the server asked for, in seconds from now
    ///     (`Retry-After`, else `X-RateLimit-Reset`, read at the edge), or
    ///     nil when it said nothing usable. Negative hints count as 0.
    public static func decide(status: Int, attempt: Int, hintSeconds: Double?) -> Decision {
        guard status == 429 || status == 503, attempt < maxAttempts else { return .answer }
        let wait: Double
        if let hintSeconds, hintSeconds.isFinite {
            wait = max(0, hintSeconds)
        } else {
            wait = Double(1 << min(max(attempt, 1), 8)) // 2, 4, 8 s
        }
        return wait <= maxWaitSeconds ? .retry(afterSeconds: wait) : .answer
    }
}
