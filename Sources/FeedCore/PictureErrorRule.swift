// Pure: values only, imports Foundation at most.

/// Which ``ErrorCode`` a picture or still that cannot be shown is, the
/// HTTP status to say with it, and whether Retry may help: from what went
/// wrong, never from the error's words.
///
/// FeedMedia names its fetch and decode errors in these terms
/// (``Problem``); the rule and its table (`picture-error.json`) are here.
public enum PictureErrorRule {
    /// What went wrong, as the fetch or the decoder found it.
    public enum Problem: String, Sendable, Codable, CaseIterable {
        /// The server answered with a status that brings no picture.
        case httpStatus
        /// The fetch failed; its own code says how (network, TLS, timeout...).
        case fetchFailed
        /// The download broke off; the bytes could not be written to disk.
        case downloadBroke, saveFailed
        /// More bytes than a picture may have.
        case tooLarge
        /// The file could not be opened or read.
        case unreadable
        /// A folder, pipe, socket or device where a file should be.
        case notAFile
        /// Bytes of no picture format Flick decodes; a picture's bytes that
        /// do not decode; a header claiming more pixels than allowed.
        case notAnImage, corrupt, tooManyPixels
        /// A video's first frame was asked for, and it is no video.
        case notAVideo
        /// Opening or decoding took longer than allowed.
        case timedOut
    }

    /// What the rule reads of one failure.
    public struct Input: Sendable, Codable, Equatable {
        public var problem: Problem
        /// The HTTP status of the answer, when one came.
        public var httpStatus: Int?
        /// The fetch's code, for `fetchFailed`.
        public var fetchCode: ErrorCode?

        public init(problem: Problem, httpStatus: Int? = nil, fetchCode: ErrorCode? = nil) {
            self.problem = problem
            self.httpStatus = httpStatus
            self.fetchCode = fetchCode
        }
    }

    /// What the page shows: the code, the status with it, and whether it
    /// offers Retry.
    public struct Decision: Sendable, Codable, Equatable {
        public var code: ErrorCode
        public var httpStatus: Int?
        public var retryable: Bool

        public init(code: ErrorCode, httpStatus: Int?, retryable: Bool) {
            self.code = code
            self.httpStatus = httpStatus
            self.retryable = retryable
        }
    }

    public static func decide(_ input: Input) -> Decision {
        let code = code(input)
        let status = input.problem == .httpStatus || input.problem == .fetchFailed ? input.httpStatus : nil
        return Decision(code: code, httpStatus: status, retryable: RetryPolicy.isRetryable(code, httpStatus: status))
    }

    private static func code(_ input: Input) -> ErrorCode {
        switch input.problem {
        case .httpStatus: return input.httpStatus.flatMap(ErrorCode.forHTTPStatus) ?? .httpError
        case .fetchFailed: return input.fetchCode ?? .unknown
        case .downloadBroke, .saveFailed: return .unknown
        case .tooLarge, .notAnImage, .corrupt, .tooManyPixels: return .imageDecodeFailed
        case .unreadable: return .sourceNotFound
        case .notAFile, .notAVideo: return .unsupportedFormat
        case .timedOut: return .timeout
        }
    }
}
