import FeedCore
import FeedMedia
import Foundation

/// A folder of the user's own videos and pictures, newest first.
struct FolderFeedSource {
    let directory: URL
    let items: [FeedItem]

    /// Scans `path` (recursively). Throws FolderScanError with a one-line
    /// message when the folder is missing or unreadable.
    init(path: String) throws {
        let expanded = (path as NSString).expandingTildeInPath
        directory = URL(fileURLWithPath: expanded).standardizedFileURL
        items = try FolderScanner.scan(directory)
    }

    /// The folder's name for titles.
    var displayName: String { directory.lastPathComponent.isEmpty ? directory.path : directory.lastPathComponent }
}
