import FeedMedia
import Foundation
import Synchronization

/// What the server has sent, per request path: for tests and the benchmark.
/// Bumped on the server's thread, read from any thread: every access takes the mutex.
final class ServerCounters: Sendable {
    private struct Counts {
        var bodyBytes: [String: Int] = [:]
        var total = 0
        var ranges: [String: [String?]] = [:]
        var live = 0
        var authorized: [String] = []
    }

    private let counts = Mutex(Counts())

    /// A request arrived with an `Authorization` header.
    func recordAuthorization(path: String) {
        counts.withLock { counted in
            counted.authorized.append(path)
        }
    }

    /// The paths of requests that carried `Authorization`, in order.
    var authorizedPaths: [String] {
        counts.withLock { counted in
            return counted.authorized
        }
    }

    /// A request arrived, with its Range header (nil without one).
    func recordRequest(path: String, range: String?) {
        counts.withLock { counted in
            counted.ranges[path, default: []].append(range)
        }
    }

    /// `count` body bytes were written to the socket.
    func recordBody(path: String, count: Int) {
        counts.withLock { counted in
            counted.bodyBytes[path, default: 0] += count
            counted.total += count
        }
    }

    /// A request's exchange was made (+1) or freed (-1).
    func recordExchange(_ delta: Int) {
        counts.withLock { counted in
            counted.live += delta
        }
    }

    /// Exchanges alive: requests being answered, or not yet freed. A leak
    /// check for tests: it returns to 0 once every response is over.
    var liveExchanges: Int {
        counts.withLock { counted in
            return counted.live
        }
    }

    func bytesSent(path: String) -> Int {
        counts.withLock { counted in
            return counted.bodyBytes[path] ?? 0
        }
    }

    func bytesSent(where predicate: (String) -> Bool) -> Int {
        counts.withLock { counted in
            return counted.bodyBytes.reduce(0) { predicate($1.key) ? $0 + $1.value : $0 }
        }
    }

    var totalBytesSent: Int {
        counts.withLock { counted in
            return counted.total
        }
    }

    func requests(path: String) -> [String?] {
        counts.withLock { counted in
            return counted.ranges[path] ?? []
        }
    }

    /// Requests to every path, in all.
    var requestCount: Int {
        counts.withLock { counted in counted.ranges.values.reduce(0) { $0 + $1.count } }
    }

    func requestedPaths(where predicate: (String) -> Bool) -> Int {
        counts.withLock { counted in
            return counted.ranges.keys.filter(predicate).count
        }
    }

    func rangedRequests(where predicate: (String) -> Bool) -> Int {
        counts.withLock { counted in
            return counted.ranges.filter { predicate($0.key) }.values.reduce(0) { $0 + $1.filter { $0 != nil }.count }
        }
    }
}
