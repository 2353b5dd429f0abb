import FeedCore

/// Why a page did not arrive: the one-line message shown to the user and
/// the code the error card and the log use.
public struct FeedSourceFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var code: ErrorCode
    /// The address answered with something that is no feed (a web page):
    /// a bare server address then says which servers were asked too.
    public var noFeedFound: Bool
    /// The server keeps the feed from visitors (a 401 or 403): signing in
    /// there may open it, and the window offers to.
    public var needsAccount: Bool
    public init(message: String, code: ErrorCode, noFeedFound: Bool = false, needsAccount: Bool = false) {
        self.message = message
        self.code = code
        self.noFeedFound = noFeedFound
        self.needsAccount = needsAccount
    }
    public var description: String { message }
}
