import CGLib
import CGStreamer
import FeedCore
import FlickTestSupport
import Foundation
import Testing
@testable import FeedMedia
@testable import FeedDemo

private func unref(_ message: UnsafeMutablePointer<GstMessage>?) {
    if let message { gst_mini_object_unref(UnsafeMutableRawPointer(message).assumingMemoryBound(to: GstMiniObject.self)) }
}

@MainActor
@Suite("Playback through the cache source", .serialized)
struct CacheSourceTests {
    @Test("random and sequential pull-mode reads give the origin's bytes (SHA-256)")
    func pullReads() async throws {
        try await checkPullReads(fault: nil)
    }

    @Test("the same through a server that ignores Range")
    func pullReadsIgnoringRange() async throws {
        try await checkPullReads(fault: .ignoreRange)
    }

    private func checkPullReads(fault: MediaServer.Fault?, label: String = #function) async throws {
        let setup = try CacheSourceSetup(size: 1_500_000, label: label)
        defer { setup.tearDown() }
        if let fault { setup.served.server.setFault(fault, for: ServedFile.path) }
        let origin = setup.served.data
        let reader = try PullReader(uri: setup.uri())
        defer { reader.close() }

        let reads = randomReads(count: 150, size: origin.count)
        let mismatches = try #require(await reader.run { reader in
            reads.filter { read in
                let (flow, data) = reader.readNow(offset: read.offset, length: read.length)
                let end = min(read.offset + read.length, origin.count)
                return flow != GST_FLOW_OK || data != origin.subdata(in: read.offset..<end)
            }.count
        })
        #expect(mismatches == 0)

        let whole = try #require(await reader.run { reader in
            var bytes = Data()
            while true {
                let (flow, data) = reader.readNow(offset: bytes.count, length: 4096)
                if flow != GST_FLOW_OK || data.isEmpty { break }
                bytes.append(data)
            }
            return bytes
        })
        #expect(ServedBytes.sha256(whole) == ServedBytes.sha256(origin))
        #expect(setup.cache.store.status(setup.key) == .complete)
        let pastEnd = try #require(await reader.run { $0.readNow(offset: origin.count, length: 10).flow })
        #expect(pastEnd == GST_FLOW_EOS)
    }

    @Test("playbin plays a demo clip through flick-cache:// with seeks; the second play fetches 0 bytes")
    func playbinTwice() async throws {
        let clip = try PlaybackClips.get().videos[0]
        let setup = try CacheSourceSetup(size: 1000, file: clip)
        defer { setup.tearDown() }
        let origin = try Data(contentsOf: clip)
        let uri = setup.uri("demo.mp4")

        let first = try TestPlaybin(uri: uri)
        first.set(GST_STATE_PAUSED)
        var message = await first.wait(for: GST_MESSAGE_ASYNC_DONE)
        #expect(message?.pointee.type == GST_MESSAGE_ASYNC_DONE)
        unref(message)
        for seconds in [3.0, 0.5, 2.2, 1.0] {
            let flags = GstSeekFlags(rawValue: GST_SEEK_FLAG_FLUSH.rawValue | GST_SEEK_FLAG_KEY_UNIT.rawValue)
            #expect(gst_element_seek_simple(first.element, GST_FORMAT_TIME, flags, gint64(seconds * 1e9)) != 0)
            message = await first.wait(for: GST_MESSAGE_ASYNC_DONE)
            #expect(message?.pointee.type == GST_MESSAGE_ASYNC_DONE, "seek to \(seconds) s")
            unref(message)
        }
        first.set(GST_STATE_PLAYING)
        message = await first.wait(for: GST_MESSAGE_EOS)
        #expect(message?.pointee.type == GST_MESSAGE_EOS)
        unref(message)
        first.close()

        // Every byte held is the origin's.
        let info = try #require(setup.cache.store.info(setup.key))
        #expect(info.contentLength == Int64(origin.count))
        for range in info.ranges.ranges {
            let held = try #require(try setup.cache.store.read(setup.key, offset: Int64(range.lowerBound), length: range.count))
            #expect(held == origin.subdata(in: range), "cached bytes \(range) differ from the origin's")
        }
        #expect(eventually { setup.served.server.bytesSent(path: "/demo.mp4") >= info.ranges.totalBytes })
        let sentFirst = setup.served.server.bytesSent(path: "/demo.mp4")
        let requestsFirst = setup.served.server.requests(path: "/demo.mp4").count

        let second = try TestPlaybin(uri: uri)
        second.set(GST_STATE_PLAYING)
        message = await second.wait(for: GST_MESSAGE_EOS)
        #expect(message?.pointee.type == GST_MESSAGE_EOS)
        unref(message)
        second.close()
        #expect(setup.served.server.bytesSent(path: "/demo.mp4") == sentFirst, "the second play must not touch the network")
        #expect(setup.served.server.requests(path: "/demo.mp4").count == requestsFirst)
    }

    @Test("a stalled server: TIMEOUT reaches the bus in time, and a retry resumes where the cache ends")
    func stallThenRetry() async throws {
        let clip = try PlaybackClips.get().videos[0]
        let setup = try CacheSourceSetup(size: 1000, file: clip, readTimeoutSeconds: 1)
        defer { setup.tearDown() }
        let stallAt = 20_000
        setup.served.server.setFault(.stallAfter(bytes: stallAt), for: "/demo.mp4")
        let uri = setup.uri("demo.mp4")

        let first = try TestPlaybin(uri: uri)
        let started = Date()
        first.set(GST_STATE_PAUSED)
        let error = await first.wait(for: GST_MESSAGE_ERROR, seconds: 10)
        let message = try #require(error)
        #expect(message.pointee.type == GST_MESSAGE_ERROR)
        #expect(PlayerFailure.from(message).code == .timeout, "\(PlayerFailure.from(message))")
        #expect(Date().timeIntervalSince(started) < 4, "the read timeout is 1 s")
        unref(message)
        first.close()
        #expect(setup.cache.store.available(setup.key, from: 0) == Int64(stallAt))

        let before = setup.served.server.requests(path: "/demo.mp4").count
        setup.served.server.setFault(nil, for: "/demo.mp4")
        let retry = try TestPlaybin(uri: uri)
        retry.set(GST_STATE_PLAYING)
        let end = await retry.wait(for: GST_MESSAGE_EOS)
        #expect(end?.pointee.type == GST_MESSAGE_EOS)
        unref(end)
        retry.close()
        let later = Array(setup.served.server.requests(path: "/demo.mp4").dropFirst(before))
        // The demuxer may read the file's tail first (its length is known now);
        // the bytes after the cached head are asked from where the cache ends.
        let starts = later.compactMap { $0.flatMap { Int($0.dropFirst(6).prefix { $0.isNumber }) } }
        #expect(starts.contains(stallAt), "retry requests: \(later)")
        #expect(starts.allSatisfy { $0 >= stallAt }, "cached bytes are not fetched again: \(later)")
    }

    @Test("a read that a running preload will serve waits for it instead of asking the network again")
    func readJoinsPreload() async throws {
        let setup = try CacheSourceSetup(size: 2 * 1_048_576)
        defer { setup.tearDown() }
        let startup: Int64 = 1_572_864
        let preload = try #require(setup.fetcher.fetch(url: setup.served.url, range: 0..<startup, priority: .speculative,
                                                       into: setup.cache.store, key: setup.key) { _ in })
        preload.pause()
        let reader = try PullReader(uri: setup.uri())
        defer { reader.close() }
        let origin = setup.served.data
        let read = try #require(await reader.run { reader in
            (0..<8).map { reader.readNow(offset: $0 * 100_000, length: 50_000) }
        })
        #expect(read.allSatisfy { $0.flow == GST_FLOW_OK })
        #expect(read.enumerated().allSatisfy { index, result in
            result.data == origin.subdata(in: index * 100_000..<index * 100_000 + 50_000)
        })
        #expect(preload.priority == .current, "joining promotes the preload")
        #expect(setup.served.server.requests(path: ServedFile.path) == ["bytes=0-\(startup - 1)"])
    }

    @Test("a file that changes mid-read: the stale bytes are dropped and the element fails rather than mix versions")
    func changedFileMidRead() async throws {
        let setup = try CacheSourceSetup(size: 1_500_000)
        defer { setup.tearDown() }
        let reader = try PullReader(uri: setup.uri())
        defer { reader.close() }
        let head = try #require(await reader.run { $0.readNow(offset: 0, length: 4096) })
        #expect(head.flow == GST_FLOW_OK && head.data == setup.served.data.prefix(4096))
        #expect(setup.cache.store.available(setup.key, from: 0) > 0)

        let oldETag = setup.cache.store.info(setup.key)?.etag
        setup.served.server.setFault(.changeETag, for: ServedFile.path)
        let far = try #require(await reader.run { $0.readNow(offset: 1_200_000, length: 4096) })
        #expect(far.flow == GST_FLOW_ERROR)
        // What is held now is the new file's (one byte longer), never a mix.
        let info = setup.cache.store.info(setup.key)
        #expect(info == nil || (info?.etag != oldETag && info?.contentLength == 1_500_001), "the old file's bytes are gone")
    }

    @Test("the app's VideoPlayer prerolls and plays through the cache, and sees a 403 as HTTP_ERROR 403")
    func videoPlayerThroughTheCache() async throws {
        let clips = try PlaybackClips.get()
        let setup = try CacheSourceSetup(size: 1000, file: clips.videos[0])
        defer { setup.tearDown() }
        let player = try VideoPlayer(id: 901)
        defer { player.destroy() }
        let recorder = PlayerRecorder(player)
        let generation = player.load(uri: setup.uri("demo.mp4"), box: PixelSize(width: 100, height: 100), fit: .cover)
        let ready = await pumpUntil(20) {
            (recorder.saw(.prerolled, generation: generation) && !recorder.frames(of: generation).isEmpty)
                || recorder.failure(of: generation) != nil
        }
        #expect(ready)
        #expect(recorder.failure(of: generation) == nil, "\(String(describing: recorder.failure(of: generation)))")
        let frame = try #require(recorder.frames(of: generation).first)
        let color = clips.colors[0]
        #expect(abs(frame.centre.r - color.red) < 24 && abs(frame.centre.g - color.green) < 24
                && abs(frame.centre.b - color.blue) < 24, "centre \(frame.centre) vs \(color.name)")
        player.play()
        #expect(await pumpUntil(20) { recorder.frames(of: generation).count >= 10 })

        setup.served.server.setFault(.status(403), for: ServedFile.path)
        let other = CacheKey(kind: .video, source: "forbidden-\(UUID().uuidString)")
        let failing = player.load(uri: setup.uri(key: other), box: PixelSize(width: 100, height: 100), fit: .cover)
        #expect(await pumpUntil(10) { recorder.failure(of: failing) != nil })
        let failure = recorder.failure(of: failing)
        #expect(failure?.code == .httpError)
        #expect(failure?.status == 403)
    }

    @Test("a key marked speculative is fetched at low priority, and counted as current once promoted")
    func speculativeKey() async throws {
        let setup = try CacheSourceSetup(size: 600_000)
        defer { setup.tearDown() }
        setup.hub.setPriority(.speculative, for: setup.key)
        let reader = try PullReader(uri: setup.uri())
        defer { reader.close() }
        let first = try #require(await reader.run { $0.readNow(offset: 0, length: 4096) })
        #expect(first.flow == GST_FLOW_OK)
        await FetchPump.pump(seconds: 5) { setup.fetcher.inFlight == 0 }
        #expect(setup.fetcher.speculativeBytes > 0)
        #expect(setup.fetcher.activeBytes == 0)
        setup.hub.setPriority(.current, for: setup.key)
        let later = try #require(await reader.run { $0.readNow(offset: 550_000, length: 4096) })
        #expect(later.flow == GST_FLOW_OK && later.data == setup.served.data.subdata(in: 550_000..<554_096))
        #expect(setup.fetcher.activeBytes > 0)
    }

    @Test("403 reaches the bus as HTTP_ERROR with status 403")
    func forbidden() async throws {
        let setup = try CacheSourceSetup(size: 100_000)
        defer { setup.tearDown() }
        setup.served.server.setFault(.status(403), for: ServedFile.path)
        let playbin = try TestPlaybin(uri: setup.uri())
        defer { playbin.close() }
        playbin.set(GST_STATE_PAUSED)
        let message = try #require(await playbin.wait(for: GST_MESSAGE_ERROR, seconds: 10))
        let failure = PlayerFailure.from(message)
        #expect(failure.code == .httpError)
        #expect(failure.httpStatus == 403)
        unref(message)
    }

    @Test("going to NULL while a fetch is stalled returns in under a second")
    func nullWhileStalled() async throws {
        let setup = try CacheSourceSetup(size: 300_000, readTimeoutSeconds: 30)
        defer { setup.tearDown() }
        setup.served.server.setFault(.stallAfter(bytes: 0), for: ServedFile.path)
        let playbin = try TestPlaybin(uri: setup.uri())
        playbin.set(GST_STATE_PAUSED)
        await FetchPump.pump(seconds: 5) { !setup.served.server.requests(path: ServedFile.path).isEmpty }
        #expect(setup.served.server.requests(path: ServedFile.path).count == 1)
        await FetchPump.pump(seconds: 0.3) { false }
        let started = Date()
        playbin.set(GST_STATE_NULL)
        #expect(Date().timeIntervalSince(started) < 1)
        playbin.close()
        // The stalled fetch is cancelled once the main context runs, and
        // nothing holds the element's state after that.
        await FetchPump.pump(seconds: 3) { setup.fetcher.inFlight == 0 && CacheSourceInstance.alive.load() == 0 }
        #expect(setup.fetcher.inFlight == 0)
        #expect(CacheSourceInstance.alive.load() == 0, "element state leaked")
    }

    @Test("cache URIs round-trip the URL, key and hub; only http(s) progressive files are rewritten")
    func uris() throws {
        let url = try #require(URL(string: "https://cdn.example.com/a b/clip.mp4?sig=x%2By&t=1#frag"))
        let key = CacheKey(kind: .video, source: "item:42?x=1")
        let uri = CacheURI.make(for: url, key: key, hub: 7)
        #expect(uri.hasPrefix("flick-cache://"))
        let parsed = try #require(CacheURI.parse(uri))
        #expect(parsed.url == url)
        #expect(parsed.key == key)
        #expect(parsed.hub == 7)
        #expect(CacheURI.parse(String(uri.dropLast(2))) == nil, "a URI naming no hub is refused")
        #expect(CacheURI.parse("http://example.com/a.mp4") == nil)
        #expect(CacheURI.shouldRewrite(URL(string: "https://x.org/a.mp4")!))
        #expect(CacheURI.shouldRewrite(URL(string: "https://x.org/live.m3u8")!))
        #expect(!CacheURI.shouldRewrite(URL(string: "https://me:pw@x.org/live.m3u8")!), "no room for the hub")
        #expect(!CacheURI.shouldRewrite(URL(fileURLWithPath: "/tmp/a.mp4")))
    }

    @Test("HLS addresses keep their shape through the cache, so the segments a playlist names resolve beside it")
    func hlsURIs() throws {
        let playlist = try #require(URL(string: "http://127.0.0.1:8080/hls/index.m3u8?t=1#x"))
        let uri = try #require(CacheURI.makeHLS(for: playlist, hub: 3))
        #expect(uri == "flick-cache-http://hub-3@127.0.0.1:8080/hls/index.m3u8?t=1")
        #expect(CacheURI.make(for: playlist, key: CacheKey(kind: .video, source: "ignored"), hub: 3) == uri)
        let parsed = try #require(CacheURI.parse(uri))
        #expect(parsed.url.absoluteString == "http://127.0.0.1:8080/hls/index.m3u8?t=1")
        #expect(parsed.hub == 3)
        #expect(parsed.key == CacheURI.hlsKey(for: playlist))
        #expect(parsed.key.source.hasPrefix("hls+http://127.0.0.1:8080 "), "never an item's key: feeds scope by their plain origin")
        // What the demuxer makes of a relative segment name.
        let segment = try #require(URL(string: "segment00000.ts", relativeTo: URL(string: uri))?.absoluteString)
        let parsedSegment = try #require(CacheURI.parse(segment))
        #expect(parsedSegment.url.absoluteString == "http://127.0.0.1:8080/hls/segment00000.ts")
        #expect(parsedSegment.hub == 3)
        #expect(parsedSegment.key != parsed.key)
        #expect(CacheURI.makeHLS(for: try #require(URL(string: "https://cdn.example.org/a.m3u8")), hub: 1)?
            .hasPrefix("flick-cache-https://hub-1@cdn.example.org/") == true)
        #expect(CacheURI.parse("flick-cache-http://127.0.0.1:8080/a.m3u8") == nil, "no hub")
        #expect(CacheURI.parse("flick-cache-http://hub-0@127.0.0.1/a.m3u8") == nil)
        #expect(CacheURI.parse("flick-cache-ftp://hub-1@127.0.0.1/a.m3u8") == nil)
        #expect(CacheURI.parse("flick-cache-http://hub-1:pw@127.0.0.1/a.m3u8") == nil)
    }
}
