import FeedCore
import FeedMedia
import FeedSources
import Foundation

/// A folder of the user's own videos, sounds and pictures, newest first,
/// and the files in it that are none of those: what the app shows before
/// it plays the folder (an empty or unreadable folder gets its own page).
struct FolderFeedSource: Sendable {
    let directory: URL
    let scan: FolderScan
    var items: [FeedItem] { scan.items }
    /// Every file left out, with its reason (each was also written to stderr).
    var skipped: [FolderScan.Skipped] { scan.skipped }
    /// "3 files were skipped: 2 empty, 1 unreadable" in the user's language, or nil.
    var skippedSummary: String? { scan.localizedSkippedSummary }

    /// A scan made already (by the feed's ``FolderSource``).
    init(directory: URL, scan: FolderScan) {
        self.directory = directory
        self.scan = scan
    }

    /// Scans `path` (recursively). Throws FolderScanError with a one-line
    /// message when the folder is missing or unreadable.
    init(path: String) throws {
        directory = Self.directory(path)
        scan = try FolderScanner.scan(directory)
    }

    /// Checks that `path` is a folder Flick can list, without scanning it
    /// (the command line, before any window). Throws as `init` does.
    static func check(path: String) throws {
        try FolderScanner.check(directory(path))
    }

    /// The folder `path` names, `~` expanded.
    static func directory(_ path: String) -> URL {
        URL(fileURLWithPath: (path as NSString).expandingTildeInPath).standardizedFileURL
    }

    /// The name of the folder `path` names, for titles.
    static func displayName(_ path: String) -> String {
        displayName(of: directory(path))
    }

    /// A folder's name, or its path for `/`.
    private static func displayName(of directory: URL) -> String {
        directory.lastPathComponent.isEmpty ? directory.path : directory.lastPathComponent
    }

    /// The feed source the session plays: this scan first, a new one on Reload.
    @MainActor
    func source() -> FolderSource { FolderSource(directory: directory, scan: scan) }

    /// The folder's absolute path (what the sources sidebar opens it by).
    var path: String { directory.path }

    /// The folder's name for titles.
    var displayName: String { Self.displayName(of: directory) }
}
