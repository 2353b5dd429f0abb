import FeedCore

/// Why a fetch stopped short, in FeedCore's error codes. A plain value.
public struct FetchFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public var code: ErrorCode
    /// The HTTP status when a response caused it.
    public var httpStatus: Int?
    /// For logs and the element's error message.
    public var message: String

    public init(code: ErrorCode, httpStatus: Int? = nil, message: String) {
        self.code = code
        self.httpStatus = httpStatus
        self.message = message
    }

    public var description: String {
        httpStatus.map { "\(code.rawValue) (\($0)): \(message)" } ?? "\(code.rawValue): \(message)"
    }
}
