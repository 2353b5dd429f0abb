import FeedCore
import FeedMedia
import Foundation

/// A folder of the user's own videos, sounds and pictures, newest first,
/// and the files in it that are none of those.
struct FolderFeedSource {
    let directory: URL
    let items: [FeedItem]
    /// Every file left out, with its reason (each was also written to stderr).
    let skipped: [FolderScan.Skipped]
    /// "3 files were skipped: 2 empty, 1 unreadable", or nil.
    let skippedSummary: String?

    /// Scans `path` (recursively). Throws FolderScanError with a one-line
    /// message when the folder is missing or unreadable.
    init(path: String) throws {
        let expanded = (path as NSString).expandingTildeInPath
        directory = URL(fileURLWithPath: expanded).standardizedFileURL
        let scan = try FolderScanner.scan(directory)
        items = scan.items
        skipped = scan.skipped
        skippedSummary = scan.skippedSummary
    }

    /// The folder's name for titles.
    var displayName: String { directory.lastPathComponent.isEmpty ? directory.path : directory.lastPathComponent }
}
