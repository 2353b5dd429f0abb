import CGLib
import Foundation
import Testing
@testable import FeedMedia
@testable import FeedDemo

/// A media server on its own thread serving one file of `size` bytes at `/clip.mp4`.
struct ServedFile {
    let temp: TemporaryDirectory
    let server: MediaServer
    let data: Data
    let file: URL
    let base: URL
    static let path = "/clip.mp4"

    init(size: Int = 300_000, options: MediaServer.Options = .init(), label: String = #function) throws {
        temp = try TemporaryDirectory(label)
        data = ServedBytes.make(size)
        file = try ServedBytes.write(data, named: "clip.mp4", in: temp.url)
        server = MediaServer(options: options)
        server.serveFile(file, at: Self.path, contentType: "video/mp4")
        base = try server.startOnOwnThread()
    }

    var url: URL { base.appendingPathComponent("clip.mp4") }

    func tearDown() {
        server.stop()
        temp.remove()
    }
}

@Suite("The media server")
struct MediaServerTests {
    @Test("a full GET returns the file's bytes with its validators")
    func fullGet() throws {
        let served = try ServedFile()
        defer { served.tearDown() }
        #expect(served.base.absoluteString.hasPrefix("http://127.0.0.1:"))
        #expect(served.server.baseURL == served.base)
        #expect(served.server.url(for: "clip.mp4") == served.url)
        #expect(served.server.url(for: "/a b.mp4")?.absoluteString == served.base.absoluteString + "a%20b.mp4")

        let reply = TestHTTPClient().fetch(served.url)
        #expect(reply.error == nil)
        #expect(reply.status == 200)
        #expect(ServedBytes.sha256(reply.body) == ServedBytes.sha256(served.data))
        #expect(reply.header("Content-Length") == "\(served.data.count)")
        #expect(reply.header("Content-Type") == "video/mp4")
        #expect(reply.header("Accept-Ranges") == "bytes")
        #expect(reply.header("ETag")?.hasPrefix("\"") == true)
        #expect(reply.header("Last-Modified")?.hasSuffix("GMT") == true)
    }

    @Test("Range 100-199 gives 206, exactly those bytes and their Content-Range")
    func partialContent() throws {
        let served = try ServedFile()
        defer { served.tearDown() }
        let client = TestHTTPClient()
        let total = served.data.count
        let cases: [(range: String, start: Int, end: Int)] = [
            ("bytes=100-199", 100, 199),
            ("bytes=\(total - 10)-", total - 10, total - 1),
            ("bytes=-50", total - 50, total - 1),
            ("bytes=\(total - 5)-\(total + 1000)", total - 5, total - 1),
            ("bytes=100-199,500-599", 100, 199),
        ]
        for item in cases {
            let reply = client.fetch(served.url, headers: ["Range": item.range])
            #expect(reply.status == 206, "\(item.range)")
            #expect(reply.header("Content-Range") == "bytes \(item.start)-\(item.end)/\(total)", "\(item.range)")
            #expect(reply.header("Content-Length") == "\(item.end - item.start + 1)", "\(item.range)")
            #expect(reply.body == served.data.subdata(in: item.start..<(item.end + 1)), "\(item.range)")
        }
    }

    @Test("a range past the end gives 416 and no body; a malformed one is ignored")
    func unsatisfiableRange() throws {
        let served = try ServedFile()
        defer { served.tearDown() }
        let client = TestHTTPClient()
        let total = served.data.count
        let past = client.fetch(served.url, headers: ["Range": "bytes=\(total)-\(total + 99)"])
        #expect(past.status == 416)
        #expect(past.header("Content-Range") == "bytes */\(total)")
        #expect(past.body.isEmpty)

        let malformed = client.fetch(served.url, headers: ["Range": "bytes=oops"])
        #expect(malformed.status == 200)
        #expect(malformed.body.count == total)
    }

    @Test("HEAD gives the length and no body")
    func head() throws {
        let served = try ServedFile()
        defer { served.tearDown() }
        let client = TestHTTPClient()
        let reply = client.fetch(served.url, method: "HEAD")
        #expect(reply.status == 200)
        #expect(reply.header("Content-Length") == "\(served.data.count)")
        #expect(reply.header("Accept-Ranges") == "bytes")
        #expect(reply.body.isEmpty)
        let ranged = client.fetch(served.url, method: "HEAD", headers: ["Range": "bytes=0-9"])
        #expect(ranged.status == 206)
        #expect(ranged.header("Content-Range") == "bytes 0-9/\(served.data.count)")
        #expect(ranged.body.isEmpty)
        #expect(served.server.bytesSent(path: ServedFile.path) == 0)
    }

    @Test("If-Range with a stale validator gets the whole file")
    func ifRange() throws {
        let served = try ServedFile()
        defer { served.tearDown() }
        let client = TestHTTPClient()
        let etag = try #require(client.fetch(served.url, method: "HEAD").header("ETag"))
        let fresh = client.fetch(served.url, headers: ["Range": "bytes=0-9", "If-Range": etag])
        #expect(fresh.status == 206)
        #expect(fresh.body.count == 10)
        let stale = client.fetch(served.url, headers: ["Range": "bytes=0-9", "If-Range": "\"something-else\""])
        #expect(stale.status == 200)
        #expect(stale.body == served.data)
    }

    @Test("counters count the body bytes sent and each request's Range")
    func counters() throws {
        let served = try ServedFile()
        defer { served.tearDown() }
        let client = TestHTTPClient()
        _ = client.fetch(served.url)
        _ = client.fetch(served.url, headers: ["Range": "bytes=100-199"])
        _ = client.fetch(served.url, method: "HEAD")
        _ = client.fetch(served.base.appendingPathComponent("missing"))
        let expected = served.data.count + 100
        #expect(eventually { served.server.bytesSent(path: ServedFile.path) == expected },
                "sent \(served.server.bytesSent(path: ServedFile.path)), expected \(expected)")
        #expect(served.server.totalBytesSent == expected)
        #expect(served.server.requests(path: ServedFile.path) == [nil, "bytes=100-199", nil])
        #expect(served.server.requests(path: "/missing") == [nil])
        #expect(served.server.requests(path: "/never") == [])
    }

    @Test("a directory serves every regular file below it, typed by GIO, and nothing else")
    func directory() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let folder = temp.url.appendingPathComponent("media")
        let clip = ServedBytes.make(5_000)
        _ = try ServedBytes.write(clip, named: "clips/a.mp4", in: folder)
        let json = Data(#"{"items":[]}"#.utf8)
        _ = try ServedBytes.write(json, named: "feed.json", in: folder)
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + ServedBytes.make(100)
        _ = try ServedBytes.write(png, named: "poster", in: folder)
        _ = try ServedBytes.write(Data("secret".utf8), named: "secret.txt", in: temp.url)
        let spaced = ServedBytes.make(300, seed: 7)
        _ = try ServedBytes.write(spaced, named: "my clips/a b.mp4", in: folder)

        let server = MediaServer()
        server.serveDirectory(folder, at: "media")
        let base = try server.startOnOwnThread()
        defer { server.stop() }
        let client = TestHTTPClient()

        let video = client.fetch(base.appendingPathComponent("media/clips/a.mp4"))
        #expect(video.status == 200)
        #expect(video.body == clip)
        #expect(video.header("Content-Type") == "video/mp4")
        let ranged = client.fetch(base.appendingPathComponent("media/clips/a.mp4"), headers: ["Range": "bytes=10-19"])
        #expect(ranged.status == 206)
        #expect(ranged.body == clip.subdata(in: 10..<20))
        #expect(client.fetch(base.appendingPathComponent("media/feed.json")).header("Content-Type") == "application/json")
        #expect(client.fetch(base.appendingPathComponent("media/poster")).header("Content-Type") == "image/png",
                "sniffed from the bytes when the name says nothing")

        let escaped = client.fetch(try #require(URL(string: "media/my%20clips/a%20b.mp4", relativeTo: base)))
        #expect(escaped.status == 200)
        #expect(escaped.body == spaced)
        #expect(server.requests(path: "/media/my clips/a b.mp4") == [nil], "counted under the decoded path")

        for missing in ["media/clips", "media/clips/", "media/nothing.mp4", "secret.txt", "media/%2E%2E/secret.txt",
                        "media", "other/feed.json"] {
            let url = try #require(URL(string: missing, relativeTo: base))
            #expect(client.fetch(url).status == 404, "\(missing)")
        }
        // Escaped slashes and dots cannot climb out either (libsoup itself refuses this one).
        let climbing = try #require(URL(string: "media/my%20clips%2F..%2F..%2Fsecret.txt", relativeTo: base))
        #expect(client.fetch(climbing).status >= 400)
        #expect(server.requests(path: "/media/clips/a.mp4") == [nil, "bytes=10-19"])
    }

    @Test("JSON routes get the query and answer 404 for nil")
    func json() throws {
        let server = MediaServer()
        server.serveJSON(at: "/feed.json") { query in
            guard query["cursor"] != "end" else { return nil }
            return try? JSONSerialization.data(withJSONObject: ["cursor": query["cursor"] ?? "none"])
        }
        let base = try server.startOnOwnThread()
        defer { server.stop() }
        let client = TestHTTPClient()

        let first = client.fetch(base.appendingPathComponent("feed.json"))
        #expect(first.status == 200)
        #expect(first.header("Content-Type") == "application/json")
        #expect(first.body == Data(#"{"cursor":"none"}"#.utf8))
        let next = client.fetch(try #require(URL(string: "feed.json?cursor=a%20b&x=1", relativeTo: base)))
        #expect(next.body == Data(#"{"cursor":"a b"}"#.utf8))
        #expect(client.fetch(try #require(URL(string: "feed.json?cursor=end", relativeTo: base))).status == 404)
        #expect(client.fetch(base.appendingPathComponent("feed.json"), method: "POST").status == 405)
    }

    @Test("stop() closes the port: requests are refused and it can be bound again")
    func stopFreesThePort() throws {
        let served = try ServedFile()
        defer { served.temp.remove() }
        let client = TestHTTPClient()
        #expect(client.fetch(served.url).status == 200, "leaves a kept-alive connection behind")
        served.server.stop()
        served.server.stop()
        #expect(served.server.baseURL == nil)

        let refused = TestHTTPClient().fetch(served.url)
        #expect(refused.status == 0)
        #expect(refused.error?.isConnectionRefused == true, "\(String(describing: refused.error))")
        let port = try #require(served.base.port)
        #expect(canListen(onLoopbackPort: port))
    }

    @Test("start() serves on the thread-default context of the thread that called it")
    func startOnCallersContext() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let data = ServedBytes.make(70_000)
        let file = try ServedBytes.write(data, named: "a.bin", in: temp.url)
        let server = MediaServer()
        server.serveFile(file, at: "/a.bin", contentType: "application/octet-stream")

        let loopThread = ContextLoopThread { try server.start() }
        let base = try loopThread.started.get()
        let reply = TestHTTPClient().fetch(base.appendingPathComponent("a.bin"))
        #expect(reply.status == 200)
        #expect(reply.body == data)
        #expect(throws: MediaServerError.alreadyRunning) { try server.startOnOwnThread() }
        loopThread.run { server.stop() }
        let port = try #require(base.port)
        #expect(eventually { canListen(onLoopbackPort: port) })
        loopThread.finish()
    }
}

/// Whether a fresh socket can listen on 127.0.0.1:`port`.
func canListen(onLoopbackPort port: Int) -> Bool {
    guard let socket = g_socket_new(G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, nil) else { return false }
    defer { g_object_unref(UnsafeMutableRawPointer(socket)) }
    let loopback = g_inet_address_new_loopback(G_SOCKET_FAMILY_IPV4)
    defer { g_object_unref(UnsafeMutableRawPointer(loopback)) }
    let address = g_inet_socket_address_new(loopback, guint16(port))
    defer { g_object_unref(UnsafeMutableRawPointer(address)) }
    guard g_socket_bind(socket, address, 1, nil) != 0 else { return false }
    return g_socket_listen(socket, nil) != 0
}

/// A thread that runs a private main context, so a test can call
/// `start()` there like the app does on its main loop.
final class ContextLoopThread: @unchecked Sendable {
    private let context = g_main_context_new()!
    private let loop: OpaquePointer
    private let ready = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)
    /// Set on the thread before `ready` is signalled.
    private(set) var started: Result<URL, Error> = .failure(MediaServerError.listenFailed("not started"))

    init(_ setUp: @escaping @Sendable () throws -> URL) {
        loop = g_main_loop_new(context, 0)
        let thread = Thread { [self] in
            g_main_context_push_thread_default(context)
            started = Result { try setUp() }
            ready.signal()
            g_main_loop_run(loop)
            g_main_context_pop_thread_default(context)
            done.signal()
        }
        thread.start()
        ready.wait()
    }

    deinit {
        g_main_loop_unref(loop)
        g_main_context_unref(context)
    }

    /// Runs `body` on the loop's thread, and waits for it.
    func run(_ body: @escaping @Sendable () -> Void) {
        let finished = DispatchSemaphore(value: 0)
        let source = g_idle_source_new()!
        let box = Unmanaged.passRetained(IdleBody { body(); finished.signal() })
        g_source_set_callback(source, { data in
            Unmanaged<IdleBody>.fromOpaque(data!).takeUnretainedValue().body()
            return 0
        }, box.toOpaque(), { Unmanaged<IdleBody>.fromOpaque($0!).release() })
        g_source_attach(source, context)
        g_source_unref(source)
        _ = finished.wait(timeout: .now() + 5)
    }

    /// Quits the loop and waits for the thread.
    func finish() {
        let loop = UInt(bitPattern: self.loop)
        run { g_main_loop_quit(OpaquePointer(bitPattern: loop)) }
        _ = done.wait(timeout: .now() + 5)
    }
}

private final class IdleBody: @unchecked Sendable {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
}
