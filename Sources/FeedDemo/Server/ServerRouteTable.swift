import FeedMedia
import Foundation
import Synchronization

/// The server's routes and injected faults. Written from any thread (tests,
/// the app), read by the server's thread once per request: every access
/// holds the table's mutex.
final class ServerRouteTable: Sendable {
    /// What one request will get, decided when it arrives.
    struct Request: Sendable {
        var route: ResolvedRoute
        /// The fault's status to answer instead of the body, if any.
        var failureStatus: Int?
        var ignoresRange = false
        /// Body bytes to send before stalling or closing.
        var bodyLimit: Int?
        /// Close the connection at `bodyLimit` (else stall there).
        var closesAtLimit = false
        /// For `changeETag`: how many requests the fault has seen, this one included.
        var version = 0
        /// Chunked transfer encoding instead of a Content-Length.
        var chunked = false
        /// Leave the ETag header out.
        var omitsETag = false
        /// For `flipLastModified`: a Last-Modified a day later than the file's.
        var laterDate = false
        /// Honour a Range whatever version its `If-Range` names.
        var ignoresIfRange = false
    }

    /// The routes by path, and each path's fault with how many requests it has answered.
    private struct Tables {
        var routes: [String: ServerRoute] = [:]
        var faults: [String: (fault: MediaServer.Fault, hits: Int)] = [:]
    }

    private let tables = Mutex(Tables())

    func add(_ route: ServerRoute, at path: String) {
        tables.withLock { $0.routes[path] = route }
    }

    func setFault(_ fault: MediaServer.Fault?, for path: String) {
        tables.withLock { $0.faults[path] = fault.map { ($0, 0) } }
    }

    /// Resolves a request path (decoded) and counts the request against its fault.
    func begin(path: String) -> Request {
        tables.withLock { Self.begin(path: path, in: &$0) }
    }

    private static func begin(path: String, in tables: inout Tables) -> Request {
        var request = Request(route: ResolvedRoute.resolve(path, in: tables.routes))
        guard var entry = tables.faults[path] else { return request }
        entry.hits += 1
        tables.faults[path] = entry
        switch entry.fault {
        case .status(let status):
            request.failureStatus = status
        case .failTimes(let count, let status):
            if entry.hits <= count { request.failureStatus = status }
        case .ignoreRange:
            request.ignoresRange = true
        case .stallAfter(let bytes):
            request.bodyLimit = max(0, bytes)
        case .truncateAfter(let bytes):
            request.bodyLimit = max(0, bytes)
            request.closesAtLimit = true
        case .changeETag:
            request.version = entry.hits
        case .chunked:
            request.chunked = true
        case .noETag:
            request.omitsETag = true
        case .flipLastModified:
            request.laterDate = entry.hits % 2 == 0
            request.omitsETag = true
            request.ignoresIfRange = true
        }
        return request
    }
}
