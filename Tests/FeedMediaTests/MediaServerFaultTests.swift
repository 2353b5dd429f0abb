import Foundation
import Testing
@testable import FeedDemo
@testable import FeedMedia

@Suite("The media server's faults and delays")
struct MediaServerFaultTests {
    @Test("failTimes(2, status: 503) answers 503, 503, then the file")
    func failTimes() throws {
        let served = try ServedFile()
        defer { served.tearDown() }
        served.server.setFault(.failTimes(2, status: 503), for: ServedFile.path)
        let client = TestHTTPClient()
        let statuses = (0..<4).map { _ in client.fetch(served.url).status }
        #expect(statuses == [503, 503, 200, 200])
        #expect(client.fetch(served.url).body == served.data)

        served.server.setFault(.failTimes(1, status: 500), for: ServedFile.path)
        #expect(client.fetch(served.url).status == 500, "setting the fault again starts counting again")
        #expect(client.fetch(served.url).status == 200)
    }

    @Test("status(403) always answers 403 with no body, until cleared")
    func status() throws {
        let served = try ServedFile()
        defer { served.tearDown() }
        served.server.setFault(.status(403), for: "clip.mp4")
        let client = TestHTTPClient()
        for _ in 0..<3 {
            let reply = client.fetch(served.url, headers: ["Range": "bytes=0-99"])
            #expect(reply.status == 403)
            #expect(reply.body.isEmpty)
        }
        #expect(served.server.bytesSent(path: ServedFile.path) == 0)
        served.server.setFault(nil, for: ServedFile.path)
        #expect(client.fetch(served.url).status == 200)
    }

    @Test("ignoreRange answers 200 with the whole body when a range is asked")
    func ignoreRange() throws {
        let served = try ServedFile()
        defer { served.tearDown() }
        served.server.setFault(.ignoreRange, for: ServedFile.path)
        let reply = TestHTTPClient().fetch(served.url, headers: ["Range": "bytes=100-199"])
        #expect(reply.status == 200)
        #expect(reply.header("Content-Range") == nil)
        #expect(reply.body == served.data)
        #expect(served.server.requests(path: ServedFile.path) == ["bytes=100-199"])
    }

    @Test("stallAfter(1000) sends exactly 1000 body bytes, then the client times out")
    func stall() throws {
        let served = try ServedFile()
        defer { served.tearDown() }
        served.server.setFault(.stallAfter(bytes: 1000), for: ServedFile.path)
        let reply = TestHTTPClient(timeoutSeconds: 1).fetch(served.url)
        #expect(reply.status == 200)
        #expect(reply.header("Content-Length") == "\(served.data.count)")
        #expect(reply.body == served.data.prefix(1000))
        #expect(reply.error?.isTimeout == true, "\(String(describing: reply.error))")
        #expect(reply.seconds >= 0.9)
        #expect(eventually { served.server.bytesSent(path: ServedFile.path) == 1000 })

        // A range request stalls the same way, counting from its first byte.
        let ranged = TestHTTPClient(timeoutSeconds: 1).fetch(served.url, headers: ["Range": "bytes=5000-"])
        #expect(ranged.status == 206)
        #expect(ranged.body == served.data.subdata(in: 5000..<6000))
        #expect(ranged.error?.isTimeout == true)
    }

    @Test("truncateAfter(5000) closes the connection after 5000 body bytes")
    func truncate() throws {
        let served = try ServedFile()
        defer { served.tearDown() }
        served.server.setFault(.truncateAfter(bytes: 5000), for: ServedFile.path)
        let client = TestHTTPClient(timeoutSeconds: 3)
        let reply = client.fetch(served.url)
        #expect(reply.status == 200)
        #expect(reply.body == served.data.prefix(5000))
        #expect(reply.error != nil)
        #expect(reply.error?.isTimeout == false, "closed, not stalled: \(String(describing: reply.error))")
        #expect(reply.seconds < 2)
        #expect(eventually { served.server.bytesSent(path: ServedFile.path) == 5000 })

        served.server.setFault(nil, for: ServedFile.path)
        #expect(client.fetch(served.url).body == served.data, "the same client recovers on a new connection")
    }

    @Test("changeETag gives every request a new ETag and length")
    func changeETag() throws {
        let served = try ServedFile()
        defer { served.tearDown() }
        let client = TestHTTPClient()
        let original = client.fetch(served.url, method: "HEAD")
        served.server.setFault(.changeETag, for: ServedFile.path)
        let first = client.fetch(served.url, method: "HEAD")
        let second = client.fetch(served.url)
        let third = client.fetch(served.url, headers: ["Range": "bytes=0-9"])

        let etags = [original, first, second].compactMap { $0.header("ETag") }
        #expect(Set(etags).count == 3)
        let total = served.data.count
        #expect(first.header("Content-Length") == "\(total + 1)")
        #expect(second.header("Content-Length") == "\(total + 2)")
        #expect(second.body.prefix(total) == served.data)
        #expect(second.body.suffix(2) == Data([0, 0]))
        #expect(third.header("Content-Range") == "bytes 0-9/\(total + 3)")
        #expect(third.body == served.data.prefix(10))
        #expect(client.fetch(served.url, headers: ["Range": "bytes=0-9", "If-Range": try #require(second.header("ETag"))])
            .status == 200, "the version the client cached is gone")
    }

    @Test("latency delays every response; the page delay only JSON")
    func delays() throws {
        let served = try ServedFile(size: 1000, options: .init(latencyMilliseconds: 150, pageDelayMilliseconds: 250))
        defer { served.tearDown() }
        served.server.serveJSON(at: "/page") { _ in Data("[]".utf8) }
        let client = TestHTTPClient()
        let file = client.fetch(served.url)
        let page = client.fetch(served.base.appendingPathComponent("page"))
        #expect(file.status == 200)
        #expect(page.body == Data("[]".utf8))
        #expect(file.seconds >= 0.14)
        #expect(page.seconds >= 0.39)
        #expect(page.seconds > file.seconds)
    }

    @Test("every exchange is freed once its response is over, stalled ones when the server stops")
    func exchangesAreFreed() throws {
        let served = try ServedFile(size: 100_000)
        defer { served.tearDown() }
        served.server.serveFile(served.file, at: "/stalled.mp4", contentType: "video/mp4")
        served.server.serveFile(served.file, at: "/cut.mp4", contentType: "video/mp4")
        served.server.setFault(.stallAfter(bytes: 10), for: "/stalled.mp4")
        served.server.setFault(.truncateAfter(bytes: 10), for: "/cut.mp4")
        let client = TestHTTPClient(timeoutSeconds: 1)
        _ = client.fetch(served.url)
        _ = client.fetch(served.url, method: "HEAD")
        _ = client.fetch(served.url, headers: ["Range": "bytes=999999-"])
        _ = client.fetch(served.base.appendingPathComponent("cut.mp4"))
        _ = client.fetch(served.base.appendingPathComponent("nothing"))
        #expect(eventually { served.server.liveExchanges == 0 }, "\(served.server.liveExchanges) left")
        _ = client.fetch(served.base.appendingPathComponent("stalled.mp4"))
        #expect(served.server.liveExchanges == 1, "the stalled response waits for the server to stop")
        served.server.stop()
        #expect(eventually { served.server.liveExchanges == 0 }, "\(served.server.liveExchanges) left")
    }

    @Test("a client that gives up during the latency leaves the server serving")
    func clientGoneDuringLatency() throws {
        let served = try ServedFile(size: 1000, options: .init(latencyMilliseconds: 1500))
        defer { served.tearDown() }
        let impatient = TestHTTPClient(timeoutSeconds: 1).fetch(served.url)
        #expect(impatient.error?.isTimeout == true, "\(String(describing: impatient.error))")
        #expect(TestHTTPClient().fetch(served.url).body == served.data)
    }
}
