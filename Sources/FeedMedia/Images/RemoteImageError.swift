/// Why a remote picture could not be brought to disk, in one line.
public enum RemoteImageError: Error, CustomStringConvertible, Equatable {
    case httpStatus(Int)
    case download(String)
    case save(String)

    public var description: String {
        switch self {
        case .httpStatus(404), .httpStatus(410): return "The picture is no longer on the server (\(statusText))."
        case .httpStatus: return "The server would not send the picture (\(statusText))."
        case .download(let reason): return "The picture could not be downloaded: \(reason)"
        case .save(let reason): return "The picture could not be saved to disk: \(reason)"
        }
    }

    private var statusText: String {
        if case .httpStatus(let code) = self { return "HTTP \(code)" }
        return ""
    }
}
