import CGStreamer
import FeedCore
import FlickTestSupport
import Foundation
import Testing
@testable import FeedMedia
@testable import FeedDemo

/// A server that answers every Range request with the whole file: each
/// file is read once, as one sequential download, whatever the demuxer asks.
@MainActor
@Suite("Servers that ignore Range", .serialized)
struct RangelessServerTests {
    /// A 2-second 320×240 H.264 MP4 with its `moov` after `mdat` (what many
    /// encoders write), about 2 MB of noise that compresses badly.
    static let moovAtEnd: Result<URL, Error> = Result {
        try MediaRuntime.initialize()
        let pipeline = """
        videotestsrc pattern=snow num-buffers=60 ! video/x-raw,width=320,height=240,framerate=30/1 \
        ! x264enc speed-preset=ultrafast bitrate=8000 key-int-max=30 ! h264parse ! mp4mux faststart=false \
        ! filesink name=sink
        """
        return try TestClips.clip(named: "moov-at-end.mp4", recipe: pipeline) { target, folder in
            try DemoMediaJob(item: "moov-at-end clip", message: "", weight: 1, target: target, pipeline: pipeline,
                             timeout: 60).render(in: folder)
        }
    }

    @Test("a moov-at-end clip plays through the cache from a range-ignoring server for at most twice its size")
    func moovAtEndPlaysForTwiceItsSize() async throws {
        let clip = try Self.moovAtEnd.get()
        let size = try #require(try FileManager.default.attributesOfItem(atPath: clip.path)[.size] as? Int)
        let setup = try CacheSourceSetup(size: 1000, file: clip)
        defer { setup.tearDown() }
        setup.served.server.setFault(.ignoreRange, for: "/demo.mp4")
        let playbin = try TestPlaybin(uri: setup.uri("demo.mp4"))
        defer { playbin.close() }
        playbin.set(GST_STATE_PLAYING)
        let message = await playbin.wait(for: GST_MESSAGE_EOS, seconds: 60)
        #expect(message?.pointee.type == GST_MESSAGE_EOS, "the clip plays to its end")
        if let message { gst_mini_object_unref(UnsafeMutableRawPointer(message).assumingMemoryBound(to: GstMiniObject.self)) }
        let sent = setup.served.server.bytesSent(path: "/demo.mp4")
        #expect(sent <= 2 * size, "\(sent) bytes sent for a file of \(size)")
        #expect(setup.fetcher.rangelessOrigins.count == 1, "the origin is remembered as range-less")
        let whole = try #require(try setup.cache.store.read(setup.key, offset: 0, length: size))
        #expect(ServedBytes.sha256(whole) == ServedBytes.sha256(try Data(contentsOf: clip)))
    }

    @Test("a speculative preload from a range-ignoring server stops at its startup range")
    func preloadStopsAtItsRange() async throws {
        let served = try ServedFile(size: 6 * 1_048_576)
        defer { served.tearDown() }
        served.server.setFault(.ignoreRange, for: ServedFile.path)
        let store = try TestStore()
        defer { store.remove() }
        let fetcher = RangeFetcher()
        let key = CacheKey(kind: .video, source: "preload")
        let startup = Int64(PreloadPlan.StartupRange.normal.bytes)
        var result: FetchResult?
        fetcher.fetch(url: served.url, range: 0..<startup, priority: .speculative, into: store.store, key: key) { result = $0 }
        await FetchPump.pump(seconds: 20) { result != nil }
        #expect(result?.end == .finished)
        #expect(result?.rangeIgnored == true)
        #expect(store.store.available(key, from: 0) == startup)
        // What Flick read off the connection before dropping it. (The
        // server's own count also holds what loopback's socket buffers,
        // several MB, took in before the close.)
        let read = try #require(result?.bytesFetched)
        #expect(read <= startup + 64 * 1024, "\(read) bytes read for a startup range of \(startup)")
    }
}
