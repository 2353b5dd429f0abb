import FeedCore
@testable import FeedDemo
@testable import FeedMedia
@testable import FeedSources
import Foundation
import Testing

@Suite("Reading M3U playlists")
struct M3UDocumentTests {
    let pageURL = URL(string: "https://radio.example/lists/week.m3u8")!

    @Test("entries in order, titles and durations from #EXTINF, relative ones resolved, the kind from the extension")
    func extended() throws {
        let body = "\u{FEFF}#EXTM3U\r\n#PLAYLIST:The week\r\n\r\n#EXTINF:12.5,Harbour at dawn\r\nclips/harbour.mp4\r\n"
            + "#EXTINF:-1,\r\n/photos/heron.JPG\r\n# a comment\r\nhttps://cdn.example/theme.ogg?v=2\r\n"
            + "#EXTINF:3,Not allowed\r\nfile:///etc/passwd\r\nclips/harbour.mp4\r\n"
        #expect(M3UDocument.recognizes(Data(body.utf8)))
        let page = try M3UDocument.parse(Data(body.utf8), pageURL: pageURL)
        #expect(page.items.map(\.uri) == ["https://radio.example/lists/clips/harbour.mp4", "https://radio.example/photos/heron.JPG",
                                          "https://cdn.example/theme.ogg?v=2"])
        #expect(page.items.map(\.kind) == [.video, .image, .audio])
        #expect(page.items[0].title == "Harbour at dawn" && page.items[0].duration == 12.5)
        #expect(page.items[1].title == nil && page.items[1].duration == nil, "-1 is no duration, an empty title none")
        #expect(page.items.map(\.id) == page.items.map(\.uri))
        #expect(page.skipped.map(\.reason) == [.unsupportedURI(field: "uri", value: "file:///etc/passwd"), .duplicateID])
        #expect(page.next == .end)
    }

    @Test("a playlist with #EXT-X- tags is one HLS post: the playlist itself")
    func hls() throws {
        let body = "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.0,\nsegment0.ts\n#EXTINF:4.0,\nsegment1.ts\n#EXT-X-ENDLIST\n"
        let page = try M3UDocument.parse(Data(body.utf8), pageURL: pageURL)
        #expect(page.items.map(\.uri) == [pageURL.absoluteString])
        #expect(page.items.first?.kind == .video)
    }

    @Test("a local playlist names files relative to itself, spaces and all; Latin-1 titles read")
    func local() throws {
        let list = URL(fileURLWithPath: "/home/ana/Videos/trip.m3u")
        var bytes = Data("#EXTM3U\n#EXTINF:5,Caf".utf8)
        bytes.append(0xE9) // é in Latin-1
        bytes.append(contentsOf: Array("\nMy Clips/day one.mp4\n/media/usb/b.webm\n".utf8))
        let page = try M3UDocument.parse(bytes, pageURL: list)
        #expect(page.items.map(\.uri) == ["file:///home/ana/Videos/My%20Clips/day%20one.mp4", "file:///media/usb/b.webm"])
        #expect(page.items.first?.title == "Café")
    }

    @Test("what is not a playlist is not taken for one", arguments: ["{\"items\": []}", "<rss/>", "", "#EXTINF:1,x\na.mp4"])
    func notAPlaylist(body: String) {
        #expect(!M3UDocument.recognizes(Data(body.utf8)))
        #expect(FeedFormat.detect.resolved(for: Data(body.utf8)) != .m3u)
    }

    @Test("more entries than a page holds are refused, not read into memory as posts")
    func tooMany() {
        let body = "#EXTM3U\n" + (0...FeedDocument.maxItems).map { "https://cdn.example/\($0).mp4" }.joined(separator: "\n")
        #expect(throws: FeedLoadError.self) { try M3UDocument.parse(Data(body.utf8), pageURL: pageURL) }
    }
}

@Suite(.serialized) @MainActor struct M3ULoadingTests {
    @Test("a playlist over loopback is detected from its body and read as one page")
    func overHTTP() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-m3u-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("list.m3u")
        try Data("#EXTM3U\n#EXTINF:4,One\nmedia/one.mp4\n#EXTINF:4,Two\nmedia/two.mp4\n".utf8).write(to: file)
        let server = MediaServer()
        server.serveFile(file, at: "/list.m3u", contentType: "audio/x-mpegurl")
        let base = try server.startOnOwnThread()
        defer { server.stop() }
        let loader = FeedPageLoader(feedURL: base.appendingPathComponent("list.m3u"))
        let pages = try await FeedTestPump.loadAll(loader)
        #expect(loader.format == .m3u)
        #expect(pages.count == 1 && pages[0].endReached)
        #expect(pages[0].items.map(\.uri) == [base.absoluteString + "media/one.mp4", base.absoluteString + "media/two.mp4"])
        #expect(pages[0].items.map(\.title) == ["One", "Two"])
    }
}
