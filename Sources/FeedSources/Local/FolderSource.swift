import FeedCore
import FeedGObject
import Foundation

/// A folder of the user's own videos, sounds and pictures, newest first,
/// as a feed source: one page, then the end. GTK thread only.
///
/// Every first load scans the folder on ``LocalReads``'s thread, so a
/// large folder, a slow disk or a network mount never stalls the window
/// (the feed shows its skeleton pages until the first posts are found,
/// then those posts, growing as the scan goes); a source made with a
/// scan already done hands that one over first. A newer load drops the
/// answers of an older one.
@MainActor
public final class FolderSource: FeedSource {
    public let directory: URL
    /// The latest scan (its skipped files are what the window lists); nil
    /// until the first one ends.
    public private(set) var scan: FolderScan?
    private var ready: FolderScan?
    private var generation = 0
    /// Who hears the running load's posts found so far, and its answer.
    private var listeners: (partial: @MainActor (FeedSourcePage) -> Void,
                            completion: @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void)?
    public var cacheScope: String? { nil }

    /// `scan`: one already made, handed over by the first load.
    public init(directory: URL, scan: FolderScan? = nil) {
        self.directory = directory
        self.scan = scan
        ready = scan
    }

    /// Seconds into a scan before the posts found so far first show, and
    /// between two later showings: soon enough that a large folder shows
    /// its first page at once, seldom enough that the feed is not
    /// reordered under the user many times a second.
    static let firstPartialAfter = 0.1
    static let partialEvery = 1.0

    public func loadFirst(_ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        loadFirst(partial: { _ in }, completion)
    }

    /// Scans the folder; the posts found so far come as `partial` pages
    /// (newest first among them) while it runs.
    public func loadFirst(partial: @escaping @MainActor (FeedSourcePage) -> Void,
                          _ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        generation += 1
        if let ready {
            self.ready = nil
            completion(.success(FeedSourcePage(items: ready.items)))
            return
        }
        let directory = self.directory
        let expected = generation
        listeners = (partial, completion)
        // Sent in order before the answer (the hop is first in, first out).
        let progress = ScanProgress(first: Self.firstPartialAfter, every: Self.partialEvery) { [self] items in
            MainThreadHop.send(.found(items, generation: expected), to: self)
        }
        LocalReads.thread.async { [self] in
            let result = Result { try FolderScanner.scan(directory, progress: progress) }
            MainThreadHop.send(.scanned(result, generation: expected), to: self)
        }
    }

    public func loadNext(after cursor: FeedCursor,
                         _ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        completion(.success(FeedSourcePage(items: [])))
    }
}

extension FolderSource: MainThreadOwner {
    /// What a scan on the local reads' thread sends back, with the load it is for.
    package enum Message: Sendable {
        /// The posts found so far, newest first.
        case found([FeedItem], generation: Int)
        /// The scan ended: what it found, or why it could not read the folder.
        case scanned(Result<FolderScan, any Error>, generation: Int)
    }

    package func receive(_ message: Message) {
        switch message {
        case .found(let items, let generation):
            guard generation == self.generation else { return } // a newer load began
            listeners?.partial(FeedSourcePage(items: items))
        case .scanned(let result, let generation):
            guard generation == self.generation, let completion = listeners?.completion else { return }
            listeners = nil
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
