import FeedCore
import Synchronization

/// What each media origin's link carries, from the segments downloaded
/// from it this run (FeedCore's ``ThroughputEstimate``): every player's
/// rendition plan reads the same book. Any thread.
final class ThroughputBook: Sendable {
    static let shared = ThroughputBook()

    /// The most origins kept: the oldest learnt goes first.
    static let maxOrigins = 64

    private struct Book {
        var estimates: [String: Int] = [:]
        var order: [String] = []
    }

    private let book = Mutex(Book())

    /// Bits per second to `origin`, nil when nothing is known.
    func estimate(origin: String) -> Int? {
        book.withLock { $0.estimates[origin] }
    }

    /// One download of `bytes` in `seconds` from `origin`.
    func add(origin: String, bytes: Int, seconds: Double) {
        book.withLock { book in
            let updated = ThroughputEstimate.update(book.estimates[origin], bytes: bytes, seconds: seconds)
            guard let updated else { return }
            if book.estimates.updateValue(updated, forKey: origin) == nil {
                book.order.append(origin)
                if book.order.count > Self.maxOrigins { book.estimates[book.order.removeFirst()] = nil }
            }
        }
    }
}
