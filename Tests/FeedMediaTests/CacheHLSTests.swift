// HLS through the cache: the playlist and the segments it names are read
// through flickcachesrc, each stored under its own address.
import FeedCore
import FlickTestSupport
import Foundation
import Testing
@testable import FeedDemo
@testable import FeedMedia

@MainActor
@Suite("HLS through the cache", .serialized)
struct CacheHLSTests {
    /// The demo's HLS rendition of the first playback clip, served at
    /// `/hls/` beside the setup's file; `live` drops its end tag.
    private func serveRendition(_ setup: CacheSourceSetup, live: Bool = false) throws -> (playlist: URL, segments: [String]) {
        let clips = try PlaybackClips.get()
        let folder = setup.served.temp.url.appendingPathComponent("hls")
        let playlist = try DemoHLSRendition.make(from: clips.videos[0], into: folder)
        if live {
            let text = try String(contentsOf: playlist, encoding: .utf8)
            try Data(text.replacingOccurrences(of: "#EXT-X-ENDLIST", with: "").utf8).write(to: playlist)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        for name in names {
            setup.served.server.serveFile(folder.appendingPathComponent(name), at: "/hls/\(name)",
                                          contentType: name.hasSuffix(".ts") ? "video/mp2t" : "application/vnd.apple.mpegurl")
        }
        let segments = names.filter { $0.hasSuffix(".ts") }.map { "/hls/\($0)" }
        return (setup.served.base.appendingPathComponent("hls/index.m3u8"), segments)
    }

    private func requests(_ setup: CacheSourceSetup, _ paths: [String]) -> [Int] {
        paths.map { setup.served.server.requests(path: $0).count }
    }

    @Test("an HLS post plays through the cache, and a second viewing reads its playlist and segments from disk")
    func secondViewingFromDisk() async throws {
        let setup = try CacheSourceSetup(size: 1000)
        defer { setup.tearDown() }
        let (playlist, segments) = try serveRendition(setup)
        #expect(segments.count >= 2)
        let uri = setup.hub.uri(for: playlist, key: CacheURI.hlsKey(for: playlist))
        #expect(uri.hasPrefix("flick-cache-http://hub-"))
        let player = try VideoPlayer(id: 921)
        defer { player.destroy() }
        let recorder = PlayerRecorder(player)
        let box = PixelSize(width: 100, height: 100)

        let first = player.load(uri: uri, box: box, fit: .cover)
        player.play()
        #expect(await pumpUntil(30) { recorder.saw(.looped, generation: first) || recorder.failure(of: first) != nil })
        #expect(recorder.failure(of: first) == nil, "\(String(describing: recorder.failure(of: first)))")
        #expect(!recorder.frames(of: first).isEmpty)
        let asked = requests(setup, ["/hls/index.m3u8"] + segments)
        #expect(asked.allSatisfy { $0 >= 1 }, "the playlist and every segment were fetched: \(asked)")
        let store = setup.cache.store
        #expect(store.status(CacheURI.hlsKey(for: playlist)) == .complete)
        for segment in segments {
            let url = try #require(URL(string: segment, relativeTo: playlist)?.absoluteURL)
            #expect(store.status(CacheURI.hlsKey(for: url)) == .complete, "\(segment) is on disk whole")
        }

        let second = player.load(uri: uri, box: box, fit: .cover)
        player.play()
        #expect(await pumpUntil(30) { recorder.saw(.looped, generation: second) || recorder.failure(of: second) != nil })
        #expect(recorder.failure(of: second) == nil)
        #expect(!recorder.frames(of: second).isEmpty)
        #expect(requests(setup, ["/hls/index.m3u8"] + segments) == asked, "nothing asked of the server again")
        player.destroy()
        #expect(await pumpUntil(10) { CacheSourceInstance.alive.load() == 0 }, "every element the demuxer made is let go")
    }

    @Test("a playlist of a million segments (22 MB), one 50 MB line or a 20 kB line fails its post as an unsupported format before the demuxer reads it; memory stays bounded")
    func oversizedPlaylists() async throws {
        let setup = try CacheSourceSetup(size: 1000)
        defer { setup.tearDown() }
        let folder = setup.served.temp.url
        let huge = folder.appendingPathComponent("huge.m3u8")
        var text = "#EXTM3U\n#EXT-X-TARGETDURATION:2\n"
        text.reserveCapacity(23_000_000)
        for index in 0..<1_000_000 { text += "#EXTINF:2.0,\nseg\(index).ts\n" }
        try Data(text.utf8).write(to: huge)
        text = ""
        let longLine = folder.appendingPathComponent("long-line.m3u8")
        try Data(("#EXTM3U\n#EXTINF:2.0,\n" + String(repeating: "a", count: 50_000_000) + ".ts\n#EXT-X-ENDLIST\n").utf8)
            .write(to: longLine)
        let shortLongLine = folder.appendingPathComponent("short-long-line.m3u8")
        try Data(("#EXTM3U\n#EXTINF:2.0,\n" + String(repeating: "a", count: 20_000) + ".ts\n#EXT-X-ENDLIST\n").utf8)
            .write(to: shortLongLine)
        let baseline = try #require(ProcessMemory.residentBytes())
        var peak = baseline
        for (file, says) in [(huge, "Flick reads playlists up to 4 MB"), (longLine, "Flick reads playlists up to 4 MB"),
                             (shortLongLine, "a line over 8 KiB")] {
            setup.served.server.serveFile(file, at: "/\(file.lastPathComponent)", contentType: "application/vnd.apple.mpegurl")
            let address = setup.served.base.appendingPathComponent(file.lastPathComponent)
            let player = try VideoPlayer(id: 923)
            defer { player.destroy() }
            let recorder = PlayerRecorder(player)
            let generation = player.load(uri: setup.hub.uri(for: address, key: CacheURI.hlsKey(for: address)),
                                         box: PixelSize(width: 100, height: 100), fit: .cover)
            player.play()
            #expect(await pumpUntil(30) {
                peak = max(peak, ProcessMemory.residentBytes() ?? 0)
                return recorder.failure(of: generation) != nil || recorder.saw(.prerolled, generation: generation)
            })
            #expect(recorder.failure(of: generation)?.code == .unsupportedFormat, "\(file.lastPathComponent)")
            let message = recorder.failureMessage(of: generation) ?? ""
            #expect(message.contains(says), "\(file.lastPathComponent): \(message.prefix(300))")
            #expect(message.utf8.count <= 2_000, "the 50 MB address is cut in the message")
        }
        // The files are refused after their first 4 MB: nothing near their size is ever held.
        #expect(peak - baseline < 128 * 1_048_576, "resident memory grew by \((peak - baseline) / 1_048_576) MB")
    }

    @Test("a live playlist is fetched again at every refresh; the segments it names are fetched once")
    func livePlaylistIsNotKept() async throws {
        let setup = try CacheSourceSetup(size: 1000)
        defer { setup.tearDown() }
        let (playlist, segments) = try serveRendition(setup, live: true)
        let player = try VideoPlayer(id: 922)
        defer { player.destroy() }
        let recorder = PlayerRecorder(player)
        let generation = player.load(uri: setup.hub.uri(for: playlist, key: CacheURI.hlsKey(for: playlist)),
                                     box: PixelSize(width: 100, height: 100), fit: .cover)
        player.play()
        // The demuxer asks for a live playlist again every target duration (2 s).
        #expect(await pumpUntil(30) {
            setup.served.server.requests(path: "/hls/index.m3u8").count >= 3 || recorder.failure(of: generation) != nil
        })
        #expect(recorder.failure(of: generation) == nil)
        #expect(setup.served.server.requests(path: "/hls/index.m3u8").count >= 3, "each refresh went to the server")
        let fetched = requests(setup, segments)
        #expect(fetched.allSatisfy { $0 <= 1 }, "a segment is fetched once at most: \(fetched)")
        #expect(fetched.contains(1))
        player.destroy()
        #expect(await pumpUntil(10) { CacheSourceInstance.alive.load() == 0 }, "the refreshing elements are let go too")
    }
}
