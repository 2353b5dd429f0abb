import FeedCore
@testable import FeedDemo
@testable import FeedMedia
@testable import FeedSources
import Foundation
import Testing

/// JSON Feed pages in the shapes jsonfeed.org documents (1.1 and 1.0),
/// fields Flick ignores included.
enum JSONFeedBodies {
    /// A 1.1 page: a video, a picture, a text-only post, a podcast episode
    /// (audio), a post with two media, a bad address, an item that is not
    /// an object; `next_url` relative.
    static let page1 = """
    {
      "version": "https://jsonfeed.org/version/1.1",
      "title": "Clips of the week",
      "home_page_url": "https://clips.example/",
      "feed_url": "https://clips.example/feed.json",
      "description": "Short videos.",
      "icon": "https://clips.example/icon.png",
      "favicon": "https://clips.example/favicon.ico",
      "language": "en",
      "authors": [{"name": "The Clips Team", "url": "https://clips.example/about"}],
      "hubs": [{"type": "WebSub", "url": "https://hub.example/"}],
      "next_url": "page2.json",
      "items": [
        {
          "id": "https://clips.example/2026/12/harbour",
          "url": "https://clips.example/2026/12/harbour",
          "title": "Harbour at dawn",
          "summary": "Boats leaving at six.",
          "content_html": "<p>Boats leaving at six.</p>",
          "image": "https://clips.example/harbour.jpg",
          "date_published": "2026-12-01T06:00:00+01:00",
          "tags": ["sea", "morning"],
          "authors": [{"name": "Ana", "avatar": "https://clips.example/ana.png"}],
          "attachments": [{"url": "https://cdn.clips.example/harbour.mp4", "mime_type": "video/mp4",
                           "size_in_bytes": 4212311, "duration_in_seconds": 12.5}]
        },
        {
          "id": "heron",
          "content_text": "A heron, standing still.",
          "attachments": [{"url": "/media/heron.webp", "mime_type": "image/webp"}]
        },
        {"id": "note", "content_text": "No media in this one."},
        {
          "id": "episode-3",
          "title": "Episode 3",
          "attachments": [{"url": "https://cdn.clips.example/ep3.mp3", "mime_type": "audio/mpeg", "size_in_bytes": 1000}]
        },
        {
          "id": 42,
          "title": "Two takes",
          "banner_image": "https://clips.example/takes.jpg",
          "attachments": [
            {"url": "https://cdn.clips.example/take1.webm", "mime_type": "video/webm", "title": "Take 1"},
            {"url": "https://cdn.clips.example/notes.pdf", "mime_type": "application/pdf"},
            {"mime_type": "video/mp4"},
            {"url": "https://cdn.clips.example/take2.mp4", "mime_type": "VIDEO/MP4"}
          ]
        },
        {"id": "local", "attachments": [{"url": "file:///etc/passwd", "mime_type": "video/mp4"}]},
        "not an item"
      ]
    }
    """

    /// The last page, 1.0 style (`author`, no `authors`), no `next_url`.
    static let page2 = """
    {
      "version": "https://jsonfeed.org/version/1",
      "title": "Clips of the week",
      "author": {"name": "The Clips Team"},
      "items": [
        {"id": "gull", "title": "A gull", "author": {"name": "Ben", "url": "https://ben.example"},
         "attachments": [{"url": "https://cdn.clips.example/gull.mp4", "mime_type": "video/mp4"}]},
        {"id": "heron", "attachments": [{"url": "https://cdn.clips.example/heron-again.mp4", "mime_type": "video/mp4"}]}
      ]
    }
    """
}

@Suite("Reading JSON Feed pages")
struct JSONFeedDocumentTests {
    let pageURL = URL(string: "https://clips.example/feed.json")!

    @Test("video and image attachments become posts with their poster, title, text and author; the rest is skipped with a reason")
    func page() throws {
        let page = try JSONFeedDocument.parse(Data(JSONFeedBodies.page1.utf8), pageURL: pageURL)
        #expect(page.items.map(\.id) == ["https://clips.example/2026/12/harbour", "heron", "42#1", "42#2"])
        let harbour = page.items[0]
        #expect(harbour.kind == .video)
        #expect(harbour.uri == "https://cdn.clips.example/harbour.mp4")
        #expect(harbour.poster == "https://clips.example/harbour.jpg")
        #expect(harbour.title == "Harbour at dawn")
        #expect(harbour.subtitle == "Boats leaving at six.")
        #expect(harbour.author == "Ana")
        #expect(harbour.duration == 12.5)
        let heron = page.items[1]
        #expect(heron.kind == .image)
        #expect(heron.uri == "https://clips.example/media/heron.webp", "relative to the page")
        #expect(heron.subtitle == "A heron, standing still.")
        #expect(page.items[2].uri == "https://cdn.clips.example/take1.webm")
        #expect(page.items[2].poster == "https://clips.example/takes.jpg", "banner_image when there is no image")
        #expect(page.items[3].uri == "https://cdn.clips.example/take2.mp4", "MIME types compare without case")
        #expect(page.skipped.map(\.index) == [2, 3, 5, 6])
        #expect(page.skipped[0].reason == .noMedia && page.skipped[1].reason == .noMedia, "text only, audio only")
        #expect(page.skipped[2].reason == .unsupportedURI(field: "uri", value: "file:///etc/passwd"))
        #expect(page.skipped[3].reason == .notAnObject)
        #expect(page.next == .url(URL(string: "https://clips.example/page2.json")!))
    }

    @Test("JSON Feed 1.0: the author object; no next_url ends the feed; ids shown before are skipped")
    func version1() throws {
        let page = try JSONFeedDocument.parse(Data(JSONFeedBodies.page2.utf8), pageURL: pageURL, knownIDs: ["heron"])
        #expect(page.items.map(\.id) == ["gull"])
        #expect(page.items.first?.author == "Ben")
        #expect(page.skipped.map(\.reason) == [.alreadyInFeed])
        #expect(page.next == .end)
    }

    @Test("what is not a JSON Feed is refused with what it is, and told apart from Flick's own format", arguments: [
        (#"{"version": "https://jsonfeed.org/version/2", "items": []}"#, "is not a JSON Feed 1 version"),
        (#"{"items": []}"#, "not a JSON Feed"),
        (#"{"version": "https://jsonfeed.org/version/1.1", "items": {}}"#, "not a JSON Feed"),
        ("<rss version=\"2.0\"></rss>", "JSON"),
    ])
    func refused(body: String, message: String) {
        #expect {
            _ = try JSONFeedDocument.parse(Data(body.utf8), pageURL: pageURL)
        } throws: { error in
            (error as? FeedLoadError)?.description.contains(message) == true
        }
    }

    @Test("detection: a JSON Feed's version picks JSON Feed, anything else Flick's format")
    func detection() {
        #expect(FeedFormat.detect.resolved(for: Data(JSONFeedBodies.page1.utf8)) == .jsonFeed)
        #expect(FeedFormat.detect.resolved(for: Data(JSONFeedBodies.page2.utf8)) == .jsonFeed)
        #expect(FeedFormat.detect.resolved(for: Data(#"{"items": [], "next": null}"#.utf8)) == .flick)
        #expect(FeedFormat.detect.resolved(for: Data("not json".utf8)) == .flick)
        #expect(FeedFormat.detect.resolved(for: Data(#"{"version": "https://jsonfeed.org/version/2", "items": []}"#.utf8)) == .flick)
        #expect(FeedFormat.flick.resolved(for: Data(JSONFeedBodies.page1.utf8)) == .flick, "an explicit format stays")
        // However JSON spells the version: slashes escaped, or letters as \u escapes.
        #expect(FeedFormat.detect.resolved(for: Data(#"{"version": "https:\/\/jsonfeed.org\/version\/1.1", "items": []}"#.utf8)) == .jsonFeed)
        #expect(FeedFormat.detect.resolved(for: Data(#"{"version": "https://\u006asonfeed.org/version/1", "items": []}"#.utf8)) == .jsonFeed)
    }
}

@Suite(.serialized) @MainActor struct JSONFeedLoadingTests {
    @Test("a JSON Feed over loopback: detected from its first page, paged by next_url to its end")
    func pagesToTheEnd() async throws {
        let server = MediaServer()
        server.serveJSON(at: "/feed.json") { _ in Data(JSONFeedBodies.page1.utf8) }
        server.serveJSON(at: "/page2.json") { _ in Data(JSONFeedBodies.page2.utf8) }
        let base = try server.startOnOwnThread()
        defer { server.stop() }
        let loader = FeedPageLoader(feedURL: base.appendingPathComponent("feed.json"))
        let pages = try await FeedTestPump.loadAll(loader)
        #expect(loader.format == .jsonFeed)
        #expect(pages.map { $0.items.map(\.id) } == [["https://clips.example/2026/12/harbour", "heron", "42#1", "42#2"], ["gull"]])
        #expect(pages.map(\.endReached) == [false, true])
        #expect(pages[0].items[1].uri == base.absoluteString + "media/heron.webp", "relative to where the page came from")
    }
}
