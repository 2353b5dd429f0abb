import FeedCore
import FeedGObject
import Foundation

/// A folder of the user's own videos, sounds and pictures, newest first,
/// as a feed source: one page, then the end. GTK thread only.
///
/// The app scans the folder before it shows it (an empty or unreadable
/// folder gets its own page), so the first load hands over that scan; a
/// Reload scans again on a thread of its own, so a large folder never
/// stalls the window.
@MainActor
public final class FolderSource: FeedSource {
    public let directory: URL
    /// The latest scan: its skipped files are what the window lists.
    public private(set) var scan: FolderScan
    private var firstLoadServed = false
    private var generation = 0
    public var cacheScope: String? { nil }

    public init(directory: URL, scan: FolderScan) {
        self.directory = directory
        self.scan = scan
    }

    public func loadFirst(_ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        generation += 1
        if !firstLoadServed {
            firstLoadServed = true
            completion(.success(FeedSourcePage(items: scan.items)))
            return
        }
        let directory = self.directory
        let expected = generation
        DispatchQueue.global(qos: .userInitiated).async {
            let result = Result { try FolderScanner.scan(directory) }
            MainThreadHop.post { [weak self] in
                guard let self, self.generation == expected else { return }
                switch result {
                case .success(let scan):
                    self.scan = scan
                    completion(.success(FeedSourcePage(items: scan.items)))
                case .failure(let error):
                    completion(.failure(FeedSourceFailure(message: "\(error)", code: .sourceNotFound)))
                }
            }
        }
    }

    public func loadNext(after cursor: FeedCursor,
                         _ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        completion(.success(FeedSourcePage(items: [])))
    }
}
