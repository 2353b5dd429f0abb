import FeedMedia
import Foundation

/// What the server has sent, per request path: for tests and the benchmark.
/// Bumped on the server's thread, read from any thread: every access takes the lock.
final class ServerCounters: @unchecked Sendable {
    private let lock = NSLock()
    private var bodyBytes: [String: Int] = [:]
    private var total = 0
    private var ranges: [String: [String?]] = [:]
    private var live = 0
    private var authorized: [String] = []

    /// A request arrived with an `Authorization` header.
    func recordAuthorization(path: String) {
        lock.lock(); defer { lock.unlock() }
        authorized.append(path)
    }

    /// The paths of requests that carried `Authorization`, in order.
    var authorizedPaths: [String] {
        lock.lock(); defer { lock.unlock() }
        return authorized
    }

    /// A request arrived, with its Range header (nil without one).
    func recordRequest(path: String, range: String?) {
        lock.lock(); defer { lock.unlock() }
        ranges[path, default: []].append(range)
    }

    /// `count` body bytes were written to the socket.
    func recordBody(path: String, count: Int) {
        lock.lock(); defer { lock.unlock() }
        bodyBytes[path, default: 0] += count
        total += count
    }

    /// A request's exchange was made (+1) or freed (-1).
    func recordExchange(_ delta: Int) {
        lock.lock(); defer { lock.unlock() }
        live += delta
    }

    /// Exchanges alive: requests being answered, or not yet freed. A leak
    /// check for tests: it returns to 0 once every response is over.
    var liveExchanges: Int {
        lock.lock(); defer { lock.unlock() }
        return live
    }

    func bytesSent(path: String) -> Int {
        lock.lock(); defer { lock.unlock() }
        return bodyBytes[path] ?? 0
    }

    func bytesSent(where predicate: (String) -> Bool) -> Int {
        lock.lock(); defer { lock.unlock() }
        return bodyBytes.reduce(0) { predicate($1.key) ? $0 + $1.value : $0 }
    }

    var totalBytesSent: Int {
        lock.lock(); defer { lock.unlock() }
        return total
    }

    func requests(path: String) -> [String?] {
        lock.lock(); defer { lock.unlock() }
        return ranges[path] ?? []
    }

    func requestedPaths(where predicate: (String) -> Bool) -> Int {
        lock.lock(); defer { lock.unlock() }
        return ranges.keys.filter(predicate).count
    }

    func rangedRequests(where predicate: (String) -> Bool) -> Int {
        lock.lock(); defer { lock.unlock() }
        return ranges.filter { predicate($0.key) }.values.reduce(0) { $0 + $1.filter { $0 != nil }.count }
    }
}
