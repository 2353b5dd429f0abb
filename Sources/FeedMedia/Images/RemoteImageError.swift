import FeedCore
import FeedHTTP

/// Why a remote picture could not be brought to disk, in one line.
public enum RemoteImageError: Error, CustomStringConvertible, Equatable {
    case httpStatus(Int)
    /// The network or TLS failed (the fetcher's classification).
    case failed(FetchFailure)
    case download(String)
    case save(String)
    /// The picture is larger than the limit, in bytes.
    case tooLarge(limitBytes: Int64)

    public var description: String {
        switch self {
        case .httpStatus(404), .httpStatus(410): return "The picture is no longer on the server (\(statusText))."
        case .httpStatus: return "The server would not send the picture (\(statusText))."
        case .failed(let failure): return "The picture could not be downloaded: \(failure.message)"
        case .download(let reason): return "The picture could not be downloaded: \(reason)"
        case .save(let reason): return "The picture could not be saved to disk: \(reason)"
        case .tooLarge(let limit): return "The picture is larger than \(limit / 1_048_576) MiB."
        }
    }

    /// What went wrong, in FeedCore's terms (``PictureErrorRule``).
    public var failure: PictureErrorRule.Input {
        switch self {
        case .httpStatus(let status): return .init(problem: .httpStatus, httpStatus: status)
        case .failed(let failure): return .init(problem: .fetchFailed, httpStatus: failure.httpStatus, fetchCode: failure.code)
        case .download: return .init(problem: .downloadBroke)
        case .save: return .init(problem: .saveFailed)
        case .tooLarge: return .init(problem: .tooLarge)
        }
    }

    private var statusText: String {
        if case .httpStatus(let code) = self { return "HTTP \(code)" }
        return ""
    }
}
