import FeedGObject
/// Why a folder cannot be shown, as one line that says what to do.
public enum FolderScanError: Error, CustomStringConvertible, Equatable, Sendable {
    case notFound(String)
    case notADirectory(String)
    case unreadable(String, reason: String)

    public var description: String {
        switch self {
        case .notFound(let path):
            return tr("The folder %1$s does not exist: check the path, or run flick with no folder for the demo feed.").filled(path)
        case .notADirectory(let path):
            return tr("%1$s is a file, not a folder: pass the folder that holds your videos and pictures.").filled(path)
        case .unreadable(let path, let reason):
            return tr("Cannot read the folder %1$s (%2$s): check its permissions.").filled(path, reason)
        }
    }
}
