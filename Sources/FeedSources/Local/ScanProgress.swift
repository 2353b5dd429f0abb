import FeedCore
import Foundation

/// How a folder scan reports while it runs: the posts found so far,
/// newest first among them, once `first` seconds into the scan and then
/// every `every` seconds, each time only if more posts were found. The
/// scan offers a report after each folder and every 512 entries, so with
/// both intervals 0 it reports at each of those points. The report runs
/// on the scan's thread.
public struct ScanProgress: Sendable {
    /// Seconds into the scan before the first report, at least.
    public var first: Double
    /// Seconds between two reports, at least.
    public var every: Double
    /// Hears the posts found so far; the scan's own answer follows.
    public var report: @Sendable ([FeedItem]) -> Void

    public init(first: Double, every: Double, report: @escaping @Sendable ([FeedItem]) -> Void) {
        self.first = first
        self.every = every
        self.report = report
    }

    /// One scan's reporting: when it began or last reported, and how many
    /// posts that report held. Owned by the scan's thread.
    struct Reporter {
        let progress: ScanProgress
        private var last = Date()
        private var reported = 0

        init(_ progress: ScanProgress) { self.progress = progress }

        /// Reports `found` if it grew and its interval passed.
        mutating func offer(_ found: [FolderEntry], dates: DateFormatter) {
            let interval = reported == 0 ? progress.first : progress.every
            guard found.count > reported, Date().timeIntervalSince(last) >= interval else { return }
            reported = found.count
            last = Date()
            progress.report(FolderScanner.items(of: found, dates: dates))
        }
    }
}
