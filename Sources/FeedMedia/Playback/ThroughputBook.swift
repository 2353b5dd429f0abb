import FeedCore
import FeedGObject
import Foundation
import Synchronization

/// What each media origin's link carries, from the segments downloaded
/// from it (FeedCore's ``ThroughputEstimate``): every player of one engine
/// reads the same book for its rendition plan. Seeded from the estimates
/// an earlier run kept in `file` (FeedCore's ``ThroughputMemory`` says
/// which to believe), and written back at exit. Any thread; the file is
/// read and written on a worker thread.
public final class ThroughputBook: Sendable {
    private struct Known: Sendable {
        var bitsPerSecond: Int
        /// Seconds since 1970 of the last measure.
        var measuredAt: Double
        /// Measured this run (a seed never overwrites it).
        var measuredHere: Bool
    }

    private struct Book: Sendable {
        var known: [String: Known] = [:]
        /// Origins, the least recently measured first.
        var order: [String] = []
    }

    /// Where the estimates are kept between runs; nil: this run only.
    let file: URL?
    private let book = Mutex(Book())

    public init(file: URL? = nil) {
        self.file = file
    }

    /// Bits per second to `origin`, nil when nothing is known.
    func estimate(origin: String) -> Int? {
        book.withLock { $0.known[origin]?.bitsPerSecond }
    }

    /// One download of `bytes` in `seconds` from `origin`.
    func add(origin: String, bytes: Int, seconds: Double) {
        let now = Date().timeIntervalSince1970
        book.withLock { book in
            let old = book.known[origin]
            guard let updated = ThroughputEstimate.update(old?.bitsPerSecond, bytes: bytes, seconds: seconds),
                  updated != old?.bitsPerSecond || old?.measuredHere != true else { return }
            book.known[origin] = Known(bitsPerSecond: updated, measuredAt: now, measuredHere: true)
            book.order.removeAll { $0 == origin }
            book.order.append(origin)
            if book.order.count > ThroughputMemory.maxOrigins { book.known[book.order.removeFirst()] = nil }
        }
    }

    /// Reads the estimates an earlier run kept (on a worker thread): an
    /// origin measured meanwhile keeps its own.
    public func loadInBackground() {
        guard let file else { return }
        WorkerThreads.cacheIndex.async { [self] in
            let now = Date().timeIntervalSince1970
            guard let memory = ThroughputFile.load(file) else { return }
            let seeds = memory.believed(now: now)
            book.withLock { book in
                for seed in seeds where book.known[seed.origin] == nil && book.order.count < ThroughputMemory.maxOrigins {
                    book.known[seed.origin] = Known(bitsPerSecond: seed.bitsPerSecond, measuredAt: seed.measuredAt, measuredHere: false)
                    book.order.insert(seed.origin, at: 0)
                }
            }
        }
    }

    /// Keeps what is known for the next run (blocking: disk I/O, never on the GTK thread).
    public func save() {
        guard let file else { return }
        let entries = book.withLock { book in
            book.known.map { ThroughputMemory.Entry(origin: $0.key, bitsPerSecond: $0.value.bitsPerSecond, measuredAt: $0.value.measuredAt) }
        }
        ThroughputFile.save(ThroughputMemory.keeping(entries, now: Date().timeIntervalSince1970), to: file)
    }
}
