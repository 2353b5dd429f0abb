import FeedCore
import Foundation

/// A folder of the user's own videos, sounds and pictures, newest first,
/// and the files in it that are none of those: what the app shows before
/// it plays the folder (an empty or unreadable folder gets its own page).
package struct FolderFeedSource: Sendable {
    let directory: URL
    let scan: FolderScan
    package var items: [FeedItem] { scan.items }
    /// Every file left out, with its reason (each was also written to stderr).
    package var skipped: [FolderScan.Skipped] { scan.skipped }
    /// "3 files were skipped: 2 empty, 1 unreadable" in the user's language, or nil.
    package var skippedSummary: String? { scan.localizedSkippedSummary }

    /// A scan made already (by the feed's ``FolderSource``).
    package init(directory: URL, scan: FolderScan) {
        self.directory = directory
        self.scan = scan
    }

    /// Scans `path` (recursively). Throws FolderScanError with a one-line
    /// message when the folder is missing or unreadable.
    package init(path: String) throws {
        directory = Self.directory(path)
        scan = try FolderScanner.scan(directory)
    }

    /// Checks that `path` is a folder Flick can list, without scanning it
    /// (the command line, before any window). Throws as `init` does.
    package static func check(path: String) throws {
        try FolderScanner.check(directory(path))
    }

    /// The folder `path` names, `~` expanded.
    package static func directory(_ path: String) -> URL {
        URL(fileURLWithPath: (path as NSString).expandingTildeInPath).standardizedFileURL
    }

    /// The name of the folder `path` names, for titles.
    package static func displayName(_ path: String) -> String {
        displayName(of: directory(path))
    }

    /// A folder's name, or its path for `/`.
    private static func displayName(of directory: URL) -> String {
        directory.lastPathComponent.isEmpty ? directory.path : directory.lastPathComponent
    }

    /// The feed source the session plays: this scan first, a new one on Reload.
    @MainActor
    package func source() -> FolderSource { FolderSource(directory: directory, scan: scan) }

    /// The folder's absolute path (what the sources sidebar opens it by).
    package var path: String { directory.path }

    /// The folder's name for titles.
    package var displayName: String { Self.displayName(of: directory) }
}
