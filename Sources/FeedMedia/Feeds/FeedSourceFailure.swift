import FeedCore

/// Why a page did not arrive: the one-line message shown to the user and
/// the code the error card and the log use.
public struct FeedSourceFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var code: ErrorCode
    public init(message: String, code: ErrorCode) {
        self.message = message
        self.code = code
    }
    public var description: String { message }
}
