import FeedCore

/// Why a picture or a still could not be shown, in FeedCore's terms: its
/// code, the HTTP status when a response caused it, and whether trying
/// again may help (FeedCore's ``RetryPolicy``). Decided here, once, from
/// the error the fetch or the decoder gave; the page only shows it.
public struct PictureFailure: Sendable, Equatable {
    public var code: ErrorCode
    public var httpStatus: Int?
    public var retryable: Bool

    public init(_ error: any Error) {
        switch error {
        case let remote as RemoteImageError: (code, httpStatus) = (remote.code, remote.httpStatus)
        case let decode as MediaDecodeError: (code, httpStatus) = (decode.code, nil)
        default: (code, httpStatus) = (.imageDecodeFailed, nil)
        }
        retryable = RetryPolicy.isRetryable(code, httpStatus: httpStatus)
    }
}
