import CFlickGLibShim
import CGLib
import CSoup
import FeedCore
@testable import FeedDemo
import FeedGObject
@testable import FeedHTTP
@testable import FeedMedia
import FlickTestSupport
import Foundation
import Testing

/// A range store in a fresh folder, removed by `remove()`.
struct TestStore {
    let temp: TemporaryDirectory
    let store: RangeStore

    init(label: String = #function) throws {
        temp = try TemporaryDirectory(label)
        store = try RangeStore(directory: temp.url.appendingPathComponent("cache", isDirectory: true))
    }

    func remove() {
        store.close()
        temp.remove()
    }
}

/// Runs fetches from a main-actor test, pumping the default main context
/// (where libsoup answers) until they complete.
@MainActor
enum FetchPump {
    final class Slot { var result: FetchResult? }

    static func pump(seconds: Double, until done: () -> Bool) async {
        await pumpUntil(seconds, done)
    }

    /// Fetches and waits for the completion.
    static func fetch(_ fetcher: RangeFetcher, _ url: URL, range: Range<Int64>?, headers: [String: String] = [:],
                      into store: RangeStore, key: CacheKey, seconds: Double = 20) async throws -> FetchResult {
        let slot = Slot()
        let started = fetcher.fetch(url: url, range: range, headers: headers, into: store, key: key) { slot.result = $0 }
        try #require(started != nil, "the fetch should start")
        await pump(seconds: seconds) { slot.result != nil }
        return try #require(slot.result, "no completion within \(seconds) s")
    }
}

let mebibyte: Int64 = 1_048_576

@MainActor
@Suite("Range fetcher")
struct FetchTests {
    let key = CacheKey(kind: .video, source: "test-clip")

    @Test("a 1.5 MiB startup range fetches exactly that range and stores the origin's bytes")
    func startupRange() async throws {
        let served = try ServedFile(size: 3 * Int(mebibyte))
        defer { served.tearDown() }
        let cache = try TestStore()
        defer { cache.remove() }
        let fetcher = RangeFetcher()
        let startup = mebibyte * 3 / 2
        let slot = FetchPump.Slot()
        fetcher.fetch(url: served.url, range: 0..<startup, into: cache.store, key: key, generation: 7) { slot.result = $0 }
        await FetchPump.pump(seconds: 20) { slot.result != nil }
        let result = try #require(slot.result)
        #expect(result.generation == 7)
        #expect(result.end == .finished)
        #expect(result.bytesStored == startup)
        #expect(result.bytesFetched == startup)
        #expect(result.contentLength == Int64(served.data.count))
        #expect(!result.rangeIgnored)
        #expect(fetcher.activeBytes == startup)
        #expect(served.server.requests(path: ServedFile.path) == ["bytes=0-\(startup - 1)"])
        #expect(eventually { served.server.bytesSent(path: ServedFile.path) == Int(startup) })
        let info = try #require(cache.store.info(key))
        #expect(info.ranges == ByteRangeSet([0..<Int(startup)]))
        #expect(info.contentLength == Int64(served.data.count))
        #expect(info.contentType == "video/mp4")
        #expect(info.status == .partial)
        let stored = try #require(try cache.store.read(key, offset: 0, length: Int(startup)))
        #expect(ServedBytes.sha256(stored) == ServedBytes.sha256(served.data.prefix(Int(startup))))
    }

    @Test("cancelling mid-flight keeps the bytes that landed (partial, more than 0)")
    func cancelKeepsBytes() async throws {
        // 1 Mbit/s: the whole file takes 16 s, so it cannot finish before the
        // cancel even on a loaded machine.
        let served = try ServedFile(size: 2 * Int(mebibyte), options: .init(bandwidthBitsPerSecond: 1_000_000))
        defer { served.tearDown() }
        let cache = try TestStore()
        defer { cache.remove() }
        let fetcher = RangeFetcher()
        let slot = FetchPump.Slot()
        var reached: Int64 = 0
        let fetch = try #require(fetcher.fetch(url: served.url, range: nil, priority: .speculative, into: cache.store,
                                               key: key, progress: { reached = $0 }) { slot.result = $0 })
        await FetchPump.pump(seconds: 10) { reached >= 100_000 }
        #expect(reached >= 100_000)
        fetch.cancel()
        await FetchPump.pump(seconds: 5) { slot.result != nil }
        let result = try #require(slot.result)
        #expect(result.end == .cancelled)
        #expect(result.bytesStored > 0 && result.bytesStored < Int64(served.data.count))
        #expect(result.priority == .speculative)
        #expect(fetcher.speculativeBytes == result.bytesFetched)
        #expect(cache.store.status(key) == .partial)
        let info = try #require(cache.store.info(key))
        #expect(info.bytesOnDisk > 0)
        let held = try #require(info.ranges.ranges.first)
        #expect(held.lowerBound == 0)
        let stored = try #require(try cache.store.read(key, offset: 0, length: held.count))
        #expect(stored == served.data.prefix(held.count))
    }

    @Test("a server that ignores Range: the whole file is the one download, stored from its first byte, and the origin is remembered")
    func ignoredRange() async throws {
        let served = try ServedFile(size: 400_000)
        defer { served.tearDown() }
        served.server.setFault(.ignoreRange, for: ServedFile.path)
        let cache = try TestStore()
        defer { cache.remove() }
        let fetcher = RangeFetcher()
        let result = try await FetchPump.fetch(fetcher, served.url, range: 100_000..<250_000,
                                               into: cache.store, key: key)
        #expect(result.end == .finished)
        #expect(result.rangeIgnored)
        #expect(result.bytesStored == 400_000)
        #expect(cache.store.info(key)?.ranges == ByteRangeSet([0..<400_000]))
        let stored = try #require(try cache.store.read(key, offset: 0, length: 400_000))
        #expect(stored == served.data)
        #expect(fetcher.rangelessOrigins == [RangeFetch.origin(of: served.url)])
        // Asked again for another range: the whole file once more, never twice at once.
        let other = CacheKey(kind: .video, source: "other")
        let again = try await FetchPump.fetch(fetcher, served.url, range: 300_000..<310_000, into: cache.store, key: other)
        #expect(again.end == .finished && again.bytesStored == 400_000)
        #expect(served.server.requests(path: ServedFile.path).count == 2)
    }

    @Test("a range past the end answers 416: nothing stored, the length recorded")
    func pastEnd() async throws {
        let served = try ServedFile(size: 50_000)
        defer { served.tearDown() }
        let cache = try TestStore()
        defer { cache.remove() }
        let result = try await FetchPump.fetch(RangeFetcher(), served.url, range: 60_000..<70_000,
                                               into: cache.store, key: key)
        #expect(result.end == .pastEnd)
        #expect(result.bytesStored == 0)
        #expect(cache.store.info(key)?.contentLength == 50_000)
    }

    @Test("a range that runs past the end is clipped to the file")
    func clippedAtEnd() async throws {
        let served = try ServedFile(size: 50_000)
        defer { served.tearDown() }
        let cache = try TestStore()
        defer { cache.remove() }
        let result = try await FetchPump.fetch(RangeFetcher(), served.url, range: 40_000..<600_000,
                                               into: cache.store, key: key)
        #expect(result.end == .finished)
        #expect(result.bytesStored == 10_000)
        #expect(cache.store.info(key)?.ranges == ByteRangeSet([40_000..<50_000]))
    }

    @Test("a changed ETag drops the stale bytes before the new ones are written")
    func changedETag() async throws {
        let served = try ServedFile(size: 300_000)
        defer { served.tearDown() }
        let cache = try TestStore()
        defer { cache.remove() }
        let fetcher = RangeFetcher()
        let first = try await FetchPump.fetch(fetcher, served.url, range: 0..<100_000, into: cache.store, key: key)
        #expect(first.end == .finished && !first.staleDropped)
        let oldETag = cache.store.info(key)?.etag
        served.server.setFault(.changeETag, for: ServedFile.path)
        let second = try await FetchPump.fetch(fetcher, served.url, range: 200_000..<250_000, into: cache.store, key: key)
        #expect(second.end == .finished)
        #expect(second.staleDropped)
        let info = try #require(cache.store.info(key))
        #expect(info.etag != oldETag)
        // If-Range carried the old ETag: the changed file came back whole,
        // and only its bytes are held (it is one byte longer).
        #expect(info.contentLength == 300_001)
        #expect(info.ranges == ByteRangeSet([0..<300_001]), "the first range belonged to the old file")
        #expect(fetcher.rangelessOrigins.isEmpty, "a 200 to a failed If-Range is not a server that ignores Range")
    }

    @Test("HTTP failures map to error codes with their status")
    func httpErrors() async throws {
        let served = try ServedFile(size: 10_000)
        defer { served.tearDown() }
        let cache = try TestStore()
        defer { cache.remove() }
        let fetcher = RangeFetcher()
        served.server.setFault(.status(403), for: ServedFile.path)
        let forbidden = try await FetchPump.fetch(fetcher, served.url, range: 0..<1000, into: cache.store, key: key)
        #expect(forbidden.end == .failed(FetchFailure(code: .httpError, httpStatus: 403,
                                                      message: "Forbidden (403), URL: \(served.url.absoluteString)")))
        let missing = try await FetchPump.fetch(fetcher, served.base.appendingPathComponent("nope.mp4"), range: 0..<1000,
                                                into: cache.store, key: key)
        guard case .failed(let failure) = missing.end else { Issue.record("expected a failure"); return }
        #expect(failure.code == .sourceNotFound && failure.httpStatus == 404)
        #expect(cache.store.status(key) == .none)
    }

    @Test("a server that stalls mid-body fails with TIMEOUT and keeps what landed")
    func stall() async throws {
        let served = try ServedFile(size: 300_000)
        defer { served.tearDown() }
        served.server.setFault(.stallAfter(bytes: 40_000), for: ServedFile.path)
        let cache = try TestStore()
        defer { cache.remove() }
        let fetcher = RangeFetcher(options: .init(readTimeoutSeconds: 1))
        let started = Date()
        let result = try await FetchPump.fetch(fetcher, served.url, range: nil, into: cache.store, key: key)
        guard case .failed(let failure) = result.end else { Issue.record("expected a timeout, got \(result.end)"); return }
        #expect(failure.code == .timeout)
        // The 1 s read timeout ends it, not the 15 s deadline for headers
        // (with room for a machine busy with other tests).
        #expect(Date().timeIntervalSince(started) < 12)
        #expect(result.bytesStored == 40_000)
        #expect(cache.store.available(key, from: 0) == 40_000)
    }

    @Test("per-item headers reach the item's origin, and not another host after a redirect")
    func headersStayWithTheOrigin() async throws {
        let origin = try HeaderRecordingServer()
        let other = try HeaderRecordingServer()
        let target = other.base.appendingPathComponent("file")
        origin.redirect("/hop", to: target)
        let cache = try TestStore()
        defer { cache.remove() }
        let fetcher = RangeFetcher()
        let headers = ["X-Flick-Item": "secret"]

        let direct = try await FetchPump.fetch(fetcher, origin.base.appendingPathComponent("file"), range: 0..<10,
                                               headers: headers, into: cache.store, key: key)
        #expect(direct.end == .finished)
        #expect(origin.seen("/file") == ["secret"])

        let redirected = try await FetchPump.fetch(fetcher, origin.base.appendingPathComponent("hop"), range: 0..<10,
                                                   headers: headers, into: cache.store,
                                                   key: CacheKey(kind: .video, source: "hop"))
        #expect(redirected.end == .finished)
        #expect(origin.seen("/hop") == ["secret"])
        #expect(other.seen("/file") == [nil], "the header must not follow a redirect to another host")
    }

    @Test("unknown length: a body without Content-Length ends the file where it ends")
    func unknownLength() async throws {
        let server = try HeaderRecordingServer()
        let cache = try TestStore()
        defer { cache.remove() }
        let fetcher = RangeFetcher()
        let url = server.base.appendingPathComponent("chunked")
        let part = try await FetchPump.fetch(fetcher, url, range: 10_000..<20_000, into: cache.store, key: key)
        #expect(part.end == .finished)
        #expect(part.rangeIgnored)
        // The whole body was the answer: read to its end, which gives the length.
        #expect(part.contentLength == 50_000)
        #expect(cache.store.info(key)?.ranges == ByteRangeSet([0..<50_000]))
        let whole = try await FetchPump.fetch(fetcher, url, range: 20_000..<1_000_000, into: cache.store, key: key)
        #expect(whole.end == .finished)
        #expect(whole.contentLength == 50_000)
        #expect(cache.store.info(key)?.contentLength == 50_000)
        let stored = try #require(try cache.store.read(key, offset: 10_000, length: 40_000))
        #expect(stored == HeaderRecordingServer.chunkedBody.subdata(in: 10_000..<50_000))
    }

    @Test("every chunk is reported for byte accounting with its key and priority")
    func byteAccountingHook() async throws {
        let served = try ServedFile(size: 200_000)
        defer { served.tearDown() }
        let cache = try TestStore()
        defer { cache.remove() }
        let fetcher = RangeFetcher()
        var seen: [CacheKey: Int64] = [:]
        fetcher.onBytesFetched = { key, priority, bytes in
            #expect(priority == .current)
            seen[key, default: 0] += bytes
        }
        _ = try await FetchPump.fetch(fetcher, served.url, range: 0..<150_000, into: cache.store, key: key)
        #expect(seen == [key: 150_000])
    }

    @Test("the session is made with the connection limits, timeout and user agent it was given")
    func sessionProperties() {
        let fetcher = RangeFetcher(options: .init(userAgent: "Flick/test", maxConnections: 6, maxConnectionsPerHost: 3,
                                                  readTimeoutSeconds: 7))
        let session = fetcher.session.raw
        #expect(flick_object_get_int(session, "max-conns") == 6)
        #expect(flick_object_get_int(session, "max-conns-per-host") == 3)
        let agent = flick_object_get_string(session, "user-agent")
        defer { g_free(agent) }
        #expect(agent.map { String(cString: $0) } == "Flick/test")
        var value = GValue()
        g_value_init(&value, g_type_from_name("guint"))
        defer { g_value_unset(&value) }
        g_object_get_property(fetcher.session.object, "timeout", &value)
        #expect(g_value_get_uint(&value) == 7)
    }

    @Test("beyond the per-host limit fetches wait their turn, the current item's first, and a queued one can be cancelled")
    func queueing() async throws {
        let served = try ServedFile(size: 400_000, options: .init(bandwidthBitsPerSecond: 8_000_000))
        defer { served.tearDown() }
        let cache = try TestStore()
        defer { cache.remove() }
        let fetcher = RangeFetcher(options: .init(maxConnectionsPerHost: 1))
        #expect(fetcher.slotsPerOrigin == 1)
        var order: [String] = []
        func start(_ name: String, _ priority: FetchPriority) -> RangeFetch? {
            fetcher.fetch(url: served.url, range: 0..<200_000, priority: priority, into: cache.store,
                          key: CacheKey(kind: .video, source: "\(name)-\(UUID().uuidString)")) { result in
                if case .finished = result.end { order.append(name) }
            }
        }
        let first = start("first", .speculative)
        let second = start("second", .speculative)
        let third = start("third", .speculative)
        let current = start("current", .current)
        #expect([first, second, third, current].allSatisfy { $0 != nil })
        #expect(fetcher.inFlight == 4 && fetcher.queuedCount == 3, "one on the network, the rest waiting")
        third?.cancel()
        #expect(await pumpUntil(20) { fetcher.inFlight == 0 })
        #expect(order == ["first", "current", "second"], "the current item's fetch goes before older speculative ones")
        #expect(fetcher.queuedCount == 0)
    }
}

/// A tiny SoupServer on the default main context that records one request
/// header per path and can answer a path with a redirect. For the header
/// tests: MediaServer does not keep request headers.
@MainActor
final class HeaderRecordingServer {
    let base: URL
    private let server: GObjectRef
    private var seenValues: [String: [String?]] = [:]
    private var redirects: [String: URL] = [:]

    init() throws {
        let made = g_object_new_with_properties(soup_server_get_type(), 0, nil, nil)
        server = try #require(GObjectRef(owning: UnsafeMutableRawPointer(made)))
        var error: UnsafeMutablePointer<GError>?
        let ok = soup_server_listen_local(server.pointer(as: SoupServer.self), 0, SOUP_SERVER_LISTEN_IPV4_ONLY, &error)
        if let error { g_error_free(error) }
        try #require(ok != 0)
        let uris = soup_server_get_uris(server.pointer(as: SoupServer.self))
        defer { g_slist_free_full(uris) { g_uri_unref(OpaquePointer($0)) } }
        let first = try #require(uris?.pointee.data)
        let text = g_uri_to_string(OpaquePointer(first))
        defer { g_free(text) }
        base = try #require(URL(string: String(cString: text!)))
        let box = ClosureBox(Unmanaged.passUnretained(self))
        soup_server_add_handler(server.pointer(as: SoupServer.self), nil, { _, message, path, _, data in
            guard let message, let path, let data else { return }
            let owner = ClosureBox<Unmanaged<HeaderRecordingServer>>.from(data).value.takeUnretainedValue()
            nonisolated(unsafe) let msg = message
            MainActor.assumeIsolated { owner.handle(msg, path: String(cString: path)) }
        }, box.retainedPointer(), releaseBoxDestroyNotify)
    }

    isolated deinit {
        soup_server_disconnect(server.pointer(as: SoupServer.self))
    }

    func redirect(_ path: String, to target: URL) { redirects[path] = target }

    /// What `/chunked` serves, without a Content-Length.
    static let chunkedBody = ServedBytes.make(50_000, seed: 9)

    /// The X-Flick-Item values seen for `path`, nil where it was missing.
    func seen(_ path: String) -> [String?] { seenValues[path] ?? [] }

    private func handle(_ message: OpaquePointer, path: String) {
        let request = soup_server_message_get_request_headers(message)
        seenValues[path, default: []].append(soup_message_headers_get_one(request, "X-Flick-Item").map { String(cString: $0) })
        if let target = redirects[path] {
            soup_server_message_set_redirect(message, 302, target.absoluteString)
            return
        }
        let chunked = path == "/chunked"
        let body = chunked ? Self.chunkedBody : Data(repeating: 7, count: 10)
        soup_server_message_set_status(message, 200, nil)
        body.withUnsafeBytes {
            soup_server_message_set_response(message, "application/octet-stream", SOUP_MEMORY_COPY,
                                             $0.baseAddress?.assumingMemoryBound(to: CChar.self), gsize($0.count))
        }
        if chunked {
            // No length: the body's end is the file's end. Range is ignored.
            soup_message_headers_set_encoding(soup_server_message_get_response_headers(message), SOUP_ENCODING_CHUNKED)
            soup_message_body_complete(soup_server_message_get_response_body(message))
        }
    }
}
