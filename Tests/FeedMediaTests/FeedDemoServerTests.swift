import FeedCore
@testable import FeedDemo
@testable import FeedMedia
@testable import FeedSources
import Foundation
import Testing

@Suite(.serialized) @MainActor struct FeedDemoServerTests {
    /// A library of stand-in files (the feed never opens them), an HLS
    /// playlist with one segment and the corrupt video.
    nonisolated static func fakeLibrary(in folder: URL) throws -> (DemoMediaLibrary, DemoFeedAssets) {
        func file(_ name: String) throws -> URL {
            let url = folder.appendingPathComponent(name)
            try Data("stand-in \(name)".utf8).write(to: url)
            return url
        }
        let clips = try (1...6).map { number in
            DemoClip(number: number, video: try file(String(format: "clip-%02d.mp4", number)),
                     poster: try file(String(format: "clip-%02d.png", number)),
                     width: 540, height: 960, duration: Double(3 + number), colorName: "Teal")
        }
        let pictures = try (1...3).map { number in
            DemoPicture(number: number, url: try file("picture-\(number).jpg"), width: 1080, height: 1920)
        }
        let hls = folder.appendingPathComponent("hls-master")
        let rendition = hls.appendingPathComponent("r240")
        try FileManager.default.createDirectory(at: rendition, withIntermediateDirectories: true)
        try Data("#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=400000,RESOLUTION=240x426\nr240/index.m3u8\n".utf8)
            .write(to: hls.appendingPathComponent("master.m3u8"))
        try Data("#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\nsegment00000.ts\n#EXT-X-ENDLIST\n".utf8)
            .write(to: rendition.appendingPathComponent("index.m3u8"))
        try Data(count: 188).write(to: rendition.appendingPathComponent("segment00000.ts"))
        let corrupt = folder.appendingPathComponent("corrupt.mp4")
        try DemoFeedAssets.corruptBytes(count: 4_096).write(to: corrupt)
        return (DemoMediaLibrary(clips: clips, pictures: pictures),
                DemoFeedAssets(corruptVideo: corrupt, hlsPlaylist: hls.appendingPathComponent("master.m3u8")))
    }

    @Test func pagesThroughAllTwelveHundredItemsInSixtyPagesWithTheFaultsInPlace() async throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let (library, assets) = try Self.fakeLibrary(in: temp.url)
        let server = MediaServer()
        _ = try server.startOnOwnThread()
        defer { server.stop() }
        let feedURL = try DemoFeedServer(library: library, assets: assets).install(on: server)
        #expect(feedURL.path == "/feed.json")

        let loader = FeedPageLoader(feedURL: feedURL)
        let pages = try await FeedTestPump.loadAll(loader)
        let items = pages.flatMap(\.items)
        #expect(pages.count == 60)
        #expect(pages.allSatisfy { $0.items.count == 20 && $0.page.skipped.isEmpty })
        #expect(items.map(\.id) == (1...1_200).map { "item-\($0)" })
        #expect(pages.last?.endReached == true)
        #expect(pages[1].url.query == "cursor=offset-20")
        #expect(items.allSatisfy { $0.uri.hasPrefix(server.baseURL!.absoluteString) })

        func item(_ number: Int) -> FeedItem { items[number - 1] }
        // The fault mix.
        for number in [37, 74, 1_184] {
            #expect(item(number).kind == .video)
            #expect(try await FeedTestPump.status(of: URL(string: item(number).uri)!) == 403, "item \(number)")
            #expect(try await FeedTestPump.status(of: URL(string: try #require(item(number).poster))!) == 200)
        }
        for number in [41, 82, 1_189] {
            #expect(item(number).kind == .image)
            #expect(try await FeedTestPump.status(of: URL(string: item(number).uri)!) == 404, "item \(number)")
        }
        #expect(items.filter { $0.uri.hasSuffix("/broken/corrupt.mp4") }.map(\.id) == ["item-29"])
        #expect(try await FeedTestPump.status(of: URL(string: item(29).uri)!) == 200)
        let hlsItems = items.filter { $0.uri.hasSuffix(".m3u8") }.map(\.id)
        #expect(hlsItems == stride(from: 50, through: 1_150, by: 100).map { "item-\($0)" })
        #expect(try await FeedTestPump.status(of: URL(string: item(50).uri)!) == 200)
        #expect(item(50).uri.hasSuffix("/hls/50/master.m3u8") && item(150).uri.hasSuffix("/hls/150/master.m3u8"),
                "each HLS post has an address of its own")
        #expect(try await FeedTestPump.status(of: server.url(for: "/hls/150/r240/index.m3u8")!) == 200)
        #expect(try await FeedTestPump.status(of: server.url(for: "/hls/150/r240/segment00000.ts")!) == 200)
        // Ordinary posts are served.
        #expect(item(1).kind == .video && item(6).kind == .image)
        #expect(try await FeedTestPump.status(of: URL(string: item(1).uri)!) == 200)
        #expect(try await FeedTestPump.status(of: URL(string: item(6).uri)!) == 200)
        #expect(Set(items.map(\.id)).count == 1_200)
    }

    @Test func withoutHLSOrACorruptFileThoseItemsAreOrdinaryPosts() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let (library, _) = try Self.fakeLibrary(in: temp.url)
        let feed = DemoFeedServer(library: library, assets: DemoFeedAssets(corruptVideo: nil, hlsPlaylist: nil))
        #expect(feed.entry(number: 29) == .clip(library.clips[1]))
        #expect(feed.entry(number: 50) != .hlsClip(library.clips[0]))
        #expect(feed.entry(number: 37) == .forbiddenClip(library.clips[0]))
        #expect(feed.entry(number: 41) == .missingPicture(library.pictures[0]))
    }

    @Test func unknownCursorsAnswer404AndTheLastPageHasANullNext() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let (library, assets) = try Self.fakeLibrary(in: temp.url)
        let feed = DemoFeedServer(library: library, assets: assets, itemCount: 45, pageSize: 20)
        let base = try #require(URL(string: "http://127.0.0.1:1/"))
        #expect(feed.page(cursor: "bogus", baseURL: base) == nil)
        #expect(feed.page(cursor: "offset-46", baseURL: base) == nil)
        let last = try FeedDocument.parse(try #require(feed.page(cursor: "offset-40", baseURL: base)), pageURL: base)
        #expect(last.items.map(\.id) == (41...45).map { "item-\($0)" })
        #expect(last.next == .end)
        let text = String(decoding: try #require(feed.page(cursor: "offset-40", baseURL: base)), as: UTF8.self)
        #expect(text.contains(#""next":null"#))
    }

    @Test func aPageDelaySlowsEveryPage() async throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let (library, assets) = try Self.fakeLibrary(in: temp.url)
        let server = MediaServer(options: .init(pageDelayMilliseconds: 400))
        _ = try server.startOnOwnThread()
        defer { server.stop() }
        let loader = FeedPageLoader(feedURL: try DemoFeedServer(library: library, assets: assets).install(on: server))
        let started = Date()
        let page = try await FeedTestPump.load { loader.loadFirst(completion: $0) }.get()
        #expect(Date().timeIntervalSince(started) >= 0.4)
        #expect(page.items.count == 20)
    }

    @Test(.enabled(if: DemoHLSRendition.isAvailable, "needs hlssink2 from gst-plugins-bad"))
    func theHLSRenditionOfAClipIsAFinishedPlaylistWithSegments() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let (clip, _) = try FrameGrabberTests.makeClip(3, size: PixelSize(width: 180, height: 320), in: temp.url)
        let folder = temp.url.appendingPathComponent("hls")
        let playlist = try DemoHLSRendition.make(from: clip, into: folder)
        let text = try String(contentsOf: playlist, encoding: .utf8)
        #expect(text.hasPrefix("#EXTM3U"))
        #expect(text.contains("#EXT-X-ENDLIST"))
        let segments = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".ts") }
        #expect(segments.count >= 2, "a 10 s clip in segments of about 2 s: \(segments)")
        for segment in segments { #expect(text.contains(segment)) }
        let modified = try FileManager.default.attributesOfItem(atPath: playlist.path)[.modificationDate] as? Date
        _ = try DemoHLSRendition.make(from: clip, into: folder)
        #expect(try FileManager.default.attributesOfItem(atPath: playlist.path)[.modificationDate] as? Date == modified,
                "a finished rendition is reused")
    }

    @Test(.enabled(if: DemoHLSRendition.isAvailable, "needs hlssink2 from gst-plugins-bad"))
    func theDemosHLSPostsAreAMasterOfThreeRenditionsLowestFirst() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let (clip, _) = try FrameGrabberTests.makeClip(3, size: PixelSize(width: 180, height: 320), in: temp.url)
        let folder = temp.url.appendingPathComponent("hls-master")
        let master = try DemoHLSMaster.make(from: clip, into: folder)
        let variants = HLSVariant.parse(try String(contentsOf: master, encoding: .utf8))
        #expect(variants.map(\.height) == [426, 854, 1280])
        let bandwidths = variants.compactMap(\.bandwidth)
        #expect(bandwidths.count == 3 && bandwidths == bandwidths.sorted() && bandwidths.allSatisfy { $0 > 0 }, "\(bandwidths)")
        for name in ["r240", "r480", "r720"] {
            #expect(DemoHLSRendition.isFinished(folder.appendingPathComponent("\(name)/index.m3u8")), "\(name)")
        }
        let modified = try FileManager.default.attributesOfItem(atPath: master.path)[.modificationDate] as? Date
        _ = try DemoHLSMaster.make(from: clip, into: folder)
        #expect(try FileManager.default.attributesOfItem(atPath: master.path)[.modificationDate] as? Date == modified,
                "a finished master is reused")
    }

    @Test func theCorruptVideoLooksLikeAnMP4ButIsNot() {
        let bytes = DemoFeedAssets.corruptBytes()
        #expect(bytes.count == 256 * 1_024)
        #expect(bytes[4..<8] == Data("ftyp".utf8))
        #expect(bytes != DemoFeedAssets.corruptBytes(), "random after the header")
    }
}
