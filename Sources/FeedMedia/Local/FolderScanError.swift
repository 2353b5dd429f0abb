/// Why a folder cannot be shown, as one line that says what to do.
public enum FolderScanError: Error, CustomStringConvertible, Equatable, Sendable {
    case notFound(String)
    case notADirectory(String)
    case unreadable(String, reason: String)

    public var description: String {
        switch self {
        case .notFound(let path):
            return "The folder \(path) does not exist: check the path, or run flick with no folder for the demo feed."
        case .notADirectory(let path):
            return "\(path) is a file, not a folder: pass the folder that holds your videos and pictures."
        case .unreadable(let path, let reason):
            return "Cannot read the folder \(path) (\(reason)): check its permissions."
        }
    }
}
