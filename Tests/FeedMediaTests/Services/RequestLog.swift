import FeedCore
import FeedGObject
import Foundation
import Testing
@testable import FeedMedia
@testable import FeedDemo

/// Counts what a test server was asked, from its own thread.
final class RequestLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [(path: String, query: [String: String], headers: [String: String], at: Date)] = []

    func record(_ request: MediaServer.PostRequest) {
        lock.withLock { entries.append((request.path, request.query, request.headers, Date())) }
    }

    var paths: [String] { lock.withLock { entries.map(\.path) } }
    var queries: [[String: String]] { lock.withLock { entries.map(\.query) } }
    var times: [Date] { lock.withLock { entries.map(\.at) } }
    var headers: [[String: String]] { lock.withLock { entries.map(\.headers) } }
    func count(_ path: String) -> Int { lock.withLock { entries.filter { $0.path == path }.count } }
}

func json(_ data: Data, headers: [String: String] = [:]) -> MediaServer.PostResponse {
    .init(status: 200, body: data, headers: headers)
}
