import FeedCore

/// Why a picture or a still could not be shown, in FeedCore's terms: its
/// code, the HTTP status when a response caused it, and whether trying
/// again may help. FeedCore's ``PictureErrorRule`` decides from what the
/// fetch or the decoder found; the page only shows it.
public struct PictureFailure: Sendable, Equatable {
    public var code: ErrorCode
    public var httpStatus: Int?
    public var retryable: Bool

    public init(_ error: any Error) {
        let input: PictureErrorRule.Input = switch error {
        case let remote as RemoteImageError: remote.failure
        case let decode as MediaDecodeError: .init(problem: decode.problem)
        default: .init(problem: .corrupt) // another decoder's error: the bytes did not decode
        }
        let decision = PictureErrorRule.decide(input)
        (code, httpStatus, retryable) = (decision.code, decision.httpStatus, decision.retryable)
    }
}
