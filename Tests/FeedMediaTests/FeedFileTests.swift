import FeedCore
@testable import FeedMedia
@testable import FeedSources
import Foundation
import Testing

/// Feeds saved to disk and opened as files (Open With in a file manager):
/// one page in the format their body shows.
@Suite("Reading feed files")
struct FeedFileTests {
    private func file(_ name: String, _ text: String) throws -> (TemporaryDirectory, String) {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return (directory, path)
    }

    @Test("an RSS file saved to disk reads as one page of its enclosures")
    func rssFile() throws {
        let (directory, path) = try file("feed.xml", """
        <?xml version="1.0"?><rss version="2.0"><channel><title>Clips</title>
        <item><guid>a</guid><title>First</title><enclosure url="https://example.org/a.mp4" type="video/mp4" length="1"/></item>
        <item><guid>b</guid><title>Second</title><enclosure url="https://example.org/b.jpg" type="image/jpeg" length="1"/></item>
        </channel></rss>
        """)
        defer { directory.remove() }
        #expect(PlaylistFile.isPlaylist(path: path))
        let feed = try PlaylistFile(path: path)
        #expect(feed.page.items.map(\.uri) == ["https://example.org/a.mp4", "https://example.org/b.jpg"])
        #expect(feed.page.items.map(\.kind) == [.video, .image])
        #expect(feed.displayName == "feed.xml")
    }

    @Test("a JSON Feed file reads as one page; its next page is not followed")
    func jsonFeedFile() throws {
        let (directory, path) = try file("feed.json", """
        {"version": "https://jsonfeed.org/version/1.1", "title": "Clips", "next_url": "https://example.org/2.json",
         "items": [{"id": "1", "title": "One", "attachments": [{"url": "https://example.org/1.mp4", "mime_type": "video/mp4"}]}]}
        """)
        defer { directory.remove() }
        let feed = try PlaylistFile(path: path)
        #expect(feed.page.items.map(\.id) == ["1"])
    }

    @Test("a file that is no feed says why in one line", arguments: ["not a feed at all", "<html><body>hi</body></html>", #"{"items": 3}"#])
    func notAFeed(text: String) throws {
        let (directory, path) = try file("page.xml", text)
        defer { directory.remove() }
        #expect {
            _ = try PlaylistFile(path: path)
        } throws: { error in
            guard let error = error as? PlaylistFile.ReadError else { return false }
            return error.description.contains(path) && !error.description.contains("\n")
        }
    }
}
