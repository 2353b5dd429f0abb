import Foundation
import Testing
@testable import FeedMedia
@testable import FeedDemo

@Suite("The media server's bandwidth limit")
struct MediaServerThrottleTests {
    @Test("at 8 Mbit/s a 1 MB file takes at least 0.9 s and arrives intact")
    func throttledFile() throws {
        let served = try ServedFile(size: 1_000_000, options: .init(bandwidthBitsPerSecond: 8_000_000))
        defer { served.tearDown() }
        let reply = TestHTTPClient().fetch(served.url)
        #expect(reply.status == 200)
        #expect(ServedBytes.sha256(reply.body) == ServedBytes.sha256(served.data))
        #expect(reply.seconds >= 0.9, "took \(reply.seconds) s")
        #expect(reply.seconds < 5, "took \(reply.seconds) s")
    }

    @Test("the limit is shared: two 250 KB downloads at 8 Mbit/s together take at least 0.45 s")
    func sharedLink() throws {
        let served = try ServedFile(size: 250_000, options: .init(bandwidthBitsPerSecond: 8_000_000))
        defer { served.tearDown() }
        let url = served.url
        let started = Date()
        let replies = Replies()
        let group = DispatchGroup()
        for index in 0..<2 {
            group.enter()
            Thread {
                replies.set(index, TestHTTPClient().fetch(url).body)
                group.leave()
            }.start()
        }
        #expect(group.wait(timeout: .now() + 10) == .success)
        let elapsed = Date().timeIntervalSince(started)
        #expect(replies.all.count == 2)
        #expect(replies.all.allSatisfy { $0 == served.data })
        #expect(elapsed >= 0.45, "took \(elapsed) s")
        #expect(eventually { served.server.totalBytesSent == 500_000 }, "\(served.server.totalBytesSent)")
    }

    @Test("a stalled response does not hold back the others")
    func stallDoesNotBlockTheLink() throws {
        let served = try ServedFile(size: 100_000, options: .init(bandwidthBitsPerSecond: 8_000_000))
        defer { served.tearDown() }
        served.server.serveFile(served.file, at: "/stalled.mp4", contentType: "video/mp4")
        served.server.setFault(.stallAfter(bytes: 10), for: "/stalled.mp4")
        let stalledURL = served.base.appendingPathComponent("stalled.mp4")
        let stalled = DispatchSemaphore(value: 0)
        Thread {
            _ = TestHTTPClient(timeoutSeconds: 2).fetch(stalledURL)
            stalled.signal()
        }.start()
        let reply = TestHTTPClient().fetch(served.url)
        #expect(reply.body == served.data)
        #expect(reply.seconds < 1.5, "took \(reply.seconds) s")
        #expect(stalled.wait(timeout: .now() + 5) == .success)
        #expect(eventually { served.server.bytesSent(path: "/stalled.mp4") == 10 })
    }
}

/// Bodies collected from worker threads.
private final class Replies: @unchecked Sendable {
    private let lock = NSLock()
    private var bodies: [Int: Data] = [:]

    func set(_ index: Int, _ body: Data) {
        lock.withLock { bodies[index] = body }
    }

    var all: [Data] { lock.withLock { Array(bodies.values) } }
}
