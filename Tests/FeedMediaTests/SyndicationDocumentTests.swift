import FeedCore
@testable import FeedDemo
@testable import FeedMedia
@testable import FeedSources
import Foundation
import Testing

/// RSS 2.0 and Atom documents in the shapes their specifications and Media
/// RSS document, fields Flick ignores included.
enum SyndicationBodies {
    /// RSS with Media RSS and iTunes tags: a media group, an enclosure, a
    /// CDATA title, a sound, an item without media, a `javascript:` and a
    /// missing address; the next page through `atom:link rel="next"`.
    static let rss = """
    <?xml version="1.0" encoding="UTF-8"?>
    <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:atom="http://www.w3.org/2005/Atom"
         xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
      <channel>
        <title>Harbour videos</title>
        <link>https://harbour.example/</link>
        <description>Short clips from the harbour.</description>
        <language>en</language>
        <atom:link rel="self" href="https://harbour.example/feed.rss"/>
        <atom:link rel="next" href="feed-2.rss"/>
        <itunes:author>Harbour Office</itunes:author>
        <item>
          <title><![CDATA[Boats <at> dawn]]></title>
          <guid isPermaLink="false">harbour-1</guid>
          <pubDate>Tue, 01 Dec 2026 06:00:00 GMT</pubDate>
          <dc:creator>Ana</dc:creator>
          <description>&lt;p&gt;Six o&amp;apos;clock &lt;b&gt;sharp&lt;/b&gt;.&lt;/p&gt;</description>
          <media:group>
            <media:content url="https://cdn.harbour.example/1-480.mp4" type="video/mp4" height="480" width="270" duration="12"/>
            <media:content url="https://cdn.harbour.example/1-1080.mp4" type="video/mp4" height="1080" width="608" isDefault="true"/>
            <media:thumbnail url="https://cdn.harbour.example/1.jpg" width="270" height="480"/>
            <media:description>Boats leaving the harbour</media:description>
          </media:group>
        </item>
        <item>
          <title>A heron</title>
          <link>https://harbour.example/heron</link>
          <enclosure url="/media/heron.webp" length="12000" type="image/webp"/>
        </item>
        <item>
          <title>Episode 3</title>
          <guid>ep3</guid>
          <enclosure url="https://cdn.harbour.example/ep3.mp3" length="1000" type="audio/mpeg"/>
        </item>
        <item><title>Just words</title><guid>words</guid></item>
        <item>
          <guid>bad</guid>
          <media:content url="javascript:alert(1)" type="video/mp4"/>
        </item>
        <item><guid>no-url</guid><enclosure type="video/mp4" length="1"/></item>
        <item>
          <guid>gull</guid>
          <media:content url="https://cdn.harbour.example/gull.webm" medium="video">
            <media:thumbnail url="https://cdn.harbour.example/gull.jpg"/>
          </media:content>
          <itunes:image href="https://cdn.harbour.example/gull-cover.jpg"/>
        </item>
      </channel>
    </rss>
    """

    static let rssPage2 = """
    <rss version="2.0"><channel><title>Harbour videos</title>
      <item><guid>harbour-2</guid><title>Nets</title><enclosure url="https://cdn.harbour.example/2.mp4" type="video/mp4" length="9"/></item>
    </channel></rss>
    """

    /// Atom with enclosure links and RFC 5005 paging.
    static let atom = """
    <?xml version="1.0" encoding="utf-8"?>
    <feed xmlns="http://www.w3.org/2005/Atom">
      <title>Pictures of the day</title>
      <id>urn:uuid:60a76c80-d399-11d9-b93C-0003939e0af6</id>
      <updated>2026-12-01T18:30:02Z</updated>
      <author><name>Photo Desk</name></author>
      <link rel="self" href="https://photos.example/atom.xml"/>
      <link rel="next" href="https://photos.example/atom.xml?page=2"/>
      <entry>
        <title type="html">Frost &amp;amp; fog</title>
        <id>tag:photos.example,2026:frost</id>
        <updated>2026-12-01T18:30:02Z</updated>
        <link rel="alternate" href="https://photos.example/frost"/>
        <link rel="enclosure" type="image/jpeg" href="https://photos.example/frost.jpg" length="88000"/>
        <summary>Early morning.</summary>
      </entry>
      <entry>
        <title>Two clips</title>
        <id>tag:photos.example,2026:clips</id>
        <author><name>Ben</name></author>
        <link rel="enclosure" type="video/mp4" href="https://photos.example/a.mp4"/>
        <link rel="enclosure" type="video/webm" href="https://photos.example/b.webm"/>
        <link rel="enclosure" type="video/webm" href="https://photos.example/b.webm"/>
      </entry>
    </feed>
    """

    /// The classic entity-expansion attack: ten levels of ten references.
    static let billionLaughs: String = {
        var lines = ["<?xml version=\"1.0\"?>", "<!DOCTYPE rss [", "<!ENTITY lol \"lol\">"]
        for level in 1...9 {
            let previous = level == 1 ? "lol" : "lol\(level - 1)"
            lines.append("<!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">")
        }
        lines.append("]>")
        lines.append("<rss version=\"2.0\"><channel><item><title>&lol9;</title>"
                     + "<enclosure url=\"https://x.example/a.mp4\" type=\"video/mp4\"/></item></channel></rss>")
        return lines.joined(separator: "\n")
    }()

    /// An external entity naming a local file.
    static let externalEntity = """
    <?xml version="1.0"?>
    <!DOCTYPE rss [ <!ENTITY secret SYSTEM "file:///etc/passwd"> ]>
    <rss version="2.0"><channel><item><title>&secret;</title>
    <enclosure url="https://x.example/a.mp4" type="video/mp4"/></item></channel></rss>
    """
}

struct SyndicationDocumentTests {
    let pageURL = URL(string: "https://harbour.example/feed.rss")!

    @Test("RSS: media groups, contents and enclosures become posts with poster, title, author and text; the rest is skipped with a reason")
    func rss() throws {
        let page = try SyndicationDocument.parse(Data(SyndicationBodies.rss.utf8), pageURL: pageURL)
        #expect(page.items.map(\.id) == ["harbour-1", "https://harbour.example/heron", "gull"])
        let boats = page.items[0]
        #expect(boats.kind == .video)
        #expect(boats.uri == "https://cdn.harbour.example/1-1080.mp4", "the group's default content")
        #expect(boats.height == 1080 && boats.width == 608)
        #expect(boats.poster == "https://cdn.harbour.example/1.jpg")
        #expect(boats.title == "Boats <at> dawn", "CDATA kept as text")
        #expect(boats.author == "Ana")
        #expect(boats.subtitle == "Six o'clock sharp.", "the description's HTML as plain text")
        #expect(boats.accessibilityLabel == "Boats leaving the harbour")
        let heron = page.items[1]
        #expect(heron.kind == .image && heron.uri == "https://harbour.example/media/heron.webp" && heron.poster == nil)
        #expect(heron.author == "Harbour Office", "the channel's author when the item names none")
        #expect(page.items[2].poster == "https://cdn.harbour.example/gull.jpg", "the content's own thumbnail first")
        #expect(page.skipped.map(\.id) == ["ep3", "words", "bad", "no-url"])
        #expect(page.skipped.map(\.reason).prefix(2) == [.noMedia, .noMedia])
        #expect(page.skipped[2].reason == .unsupportedURI(field: "uri", value: "javascript:alert(1)"))
        #expect(page.next == .url(URL(string: "https://harbour.example/feed-2.rss")!))
    }

    @Test("Atom: enclosure links become posts (one address once), the feed's author stands in, rel=next pages")
    func atom() throws {
        let page = try SyndicationDocument.parse(Data(SyndicationBodies.atom.utf8), pageURL: URL(string: "https://photos.example/atom.xml")!)
        #expect(page.items.map(\.id) == ["tag:photos.example,2026:frost", "tag:photos.example,2026:clips#1", "tag:photos.example,2026:clips#2"])
        #expect(page.items.map(\.kind) == [.image, .video, .video])
        #expect(page.items[0].title == "Frost & fog")
        #expect(page.items[0].author == "Photo Desk")
        #expect(page.items[1].author == "Ben")
        #expect(page.next == .url(URL(string: "https://photos.example/atom.xml?page=2")!))
    }

    static let hostileBodies: [String: String] = [
        "billion laughs": SyndicationBodies.billionLaughs,
        "external entity": SyndicationBodies.externalEntity,
        "deep nesting": "<rss>" + String(repeating: "<a>", count: 5_000) + String(repeating: "</a>", count: 5_000) + "</rss>",
        "too many elements": "<rss><channel>" + String(repeating: "<x/>", count: 250_000) + "</channel></rss>",
    ]

    @Test("hostile XML is refused unexpanded: entities in a DTD, an external entity, deep nesting, too many elements",
          arguments: ["billion laughs", "external entity", "deep nesting", "too many elements"])
    func hostile(name: String) throws {
        let body = try #require(Self.hostileBodies[name])
        #expect(throws: FeedLoadError.self, "\(name)") {
            try SyndicationDocument.parse(Data(body.utf8), pageURL: pageURL)
        }
        do {
            _ = try SyndicationDocument.parse(Data(body.utf8), pageURL: pageURL)
        } catch {
            guard case .refused = error else {
                if name == "deep nesting", case .notXML = error { return } // libxml2's own depth limit may stop it first
                Issue.record("\(name): \(error)")
                return
            }
        }
    }

    @Test("what is not a feed says what it is", arguments: [
        ("<rss><channel><item>", "not well-formed"),
        ("<html><body>hi</body></html>", "not an RSS or Atom feed"),
        ("<rss version=\"2.0\"></rss>", "no channel"),
    ])
    func notAFeed(body: String, says: String) {
        do {
            _ = try SyndicationDocument.parse(Data(body.utf8), pageURL: pageURL)
            Issue.record("\(body) was read")
        } catch {
            #expect(error.description.contains(says) || (says == "not well-formed" && { if case .notXML = error { true } else { false } }()),
                    "\(body): \(error)")
        }
    }

    @Test("detection: RSS and Atom are read as syndication; an HTML page is no feed; JSON stays JSON")
    func detection() {
        #expect(FeedFormat.detect.resolved(for: Data(SyndicationBodies.rss.utf8)) == .syndication)
        #expect(FeedFormat.detect.resolved(for: Data("\u{FEFF}  <feed xmlns=\"http://www.w3.org/2005/Atom\"/>".utf8)) == .syndication)
        #expect(FeedFormat.detect.resolved(for: Data(#"{"items": []}"#.utf8)) == .flick)
        for html in ["<!DOCTYPE html><html></html>", "<!-- x --><HTML><body/></HTML>", "<?xml version=\"1.0\"?><html/>"] {
            #expect(FeedFormat.looksLikeHTML(Data(html.utf8)), "\(html)")
            #expect(FeedFormat.detect.resolved(for: Data(html.utf8)) == .flick, "\(html)")
            #expect(throws: FeedLoadError.noFeed(url: pageURL.absoluteString, found: "it is a web page (HTML), not a feed")) {
                try FeedFormat.detect.parse(Data(html.utf8), pageURL: pageURL, knownIDs: [])
            }
        }
    }

    @Test("RSS and Atom are recognised after any prolog publishers write: comments, a stylesheet, a document type, a byte order mark")
    func prologs() throws {
        let rss = #"<rss version="2.0"><channel><title>T</title><item><guid>p-1</guid><enclosure url="https://cdn.example/1.mp4" type="video/mp4" length="9"/></item></channel></rss>"#
        let prologs = [
            "<!-- generator=\"blog 6.4\" created=\"2026-12-01\" -->\n",
            "<?xml version=\"1.0\"?>\n<!-- a comment after the declaration -->\n",
            "<?xml-stylesheet type=\"text/xsl\" href=\"/feed.xsl\"?>\n",
            "<!DOCTYPE rss PUBLIC \"-//Netscape Communications//DTD RSS 0.91//EN\" \"http://my.netscape.com/publish/formats/rss-0.91.dtd\">\n",
            "\u{FEFF}\n\n  <!-- one -->  <!-- two --> <?pi x?>\n",
            "<!-- " + String(repeating: "long comment ", count: 300) + "-->",
        ]
        for prolog in prologs {
            let body = Data((prolog + rss).utf8)
            #expect(FeedFormat.detect.resolved(for: body) == .syndication, "\(prolog.prefix(60))")
            let page = try FeedFormat.detect.parse(body, pageURL: pageURL, knownIDs: [])
            #expect(page.items.map(\.id) == ["p-1"], "\(prolog.prefix(60))")
        }
        // An HTML page keeps being one behind the same prolog.
        for html in ["<!-- x --><?pi y?><!DOCTYPE html><html/>", "<?xml-stylesheet href=\"a\"?><html><body/></html>"] {
            #expect(FeedFormat.looksLikeHTML(Data(html.utf8)), "\(html)")
        }
        #expect(FeedFormat.afterProlog("<!-- never closed") == "")
    }

    @Test("feeds as publishers write them: an author's avatar and icons are no posts; a podcast's video version is")
    func publishersShapes() throws {
        // A blog feed in WordPress's shape: each author's 96-px avatar as a
        // media:content picture titled with the author's name.
        let blog = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:dc="http://purl.org/dc/elements/1.1/">
          <channel><title>A blog</title>
            <item><title>Harbour at dawn</title><guid>post-1</guid><dc:creator>ana</dc:creator>
              <media:content url="https://gravatar.example/avatar/0f1e?s=96" medium="image">
                <media:title type="html">ana</media:title></media:content>
              <media:content url="https://blog.example/uploads/harbour.jpg" medium="image" width="1200" height="1600"/>
            </item>
            <item><title>Only the avatar</title><guid>post-2</guid><dc:creator>ben</dc:creator>
              <media:content url="https://gravatar.example/avatar/aa11?s=96" medium="image">
                <media:title type="html">ben</media:title></media:content>
            </item>
            <item><title>An icon</title><guid>post-3</guid>
              <media:content url="https://blog.example/icon.png" type="image/png" width="32" height="32"/>
            </item>
            <item><title>Credited</title><guid>post-4</guid>
              <media:content url="https://blog.example/me.jpg" medium="image"><media:credit role="author">Cy</media:credit></media:content>
            </item>
            <item><title>WordPress.com</title><guid>post-5</guid><dc:creator><![CDATA[Jaime Torres]]></dc:creator>
              <media:content url="https://1.gravatar.com/avatar/5d41402abc4b2a76b9719d911017c592?s=96&amp;d=identicon&amp;r=G" medium="image">
                <media:title type="html">jaimetorrestorres</media:title></media:content>
              <media:content url="https://jaime.files.wordpress.com/2026/12/street.jpg" medium="image"/>
            </item>
          </channel>
        </rss>
        """#
        let page = try SyndicationDocument.parse(Data(blog.utf8), pageURL: pageURL)
        #expect(page.items.map(\.uri) == ["https://blog.example/uploads/harbour.jpg",
                                           "https://jaime.files.wordpress.com/2026/12/street.jpg"])
        #expect(page.skipped.map(\.reason) == [.avatarOrIcon, .avatarOrIcon, .avatarOrIcon, .avatarOrIcon, .avatarOrIcon])
        #expect(page.skipped.map(\.id) == ["post-1", "post-2", "post-3", "post-4", "post-5"])

        // A Podcasting 2.0 episode: the sound in `enclosure`, its video
        // versions as alternate enclosures; one rendition plays.
        let podcast = #"""
        <rss version="2.0" xmlns:podcast="https://podcastindex.org/namespace/1.0"><channel><title>A show</title>
          <item><title>Episode 1</title><guid>ep-1</guid>
            <enclosure url="https://show.example/ep1.mp3" type="audio/mpeg" length="1000"/>
            <podcast:alternateEnclosure type="video/mp4" length="9000" height="2160">
              <podcast:source uri="https://show.example/ep1-2160.mp4"/></podcast:alternateEnclosure>
            <podcast:alternateEnclosure type="video/mp4" length="5000" height="1080">
              <podcast:source uri="https://show.example/ep1-1080.mp4"/>
              <podcast:source uri="ipfs://mirror"/></podcast:alternateEnclosure>
            <podcast:alternateEnclosure type="video/mp4" length="2000" height="720">
              <podcast:source uri="https://show.example/ep1-720.mp4"/></podcast:alternateEnclosure>
            <podcast:alternateEnclosure type="audio/opus" length="800">
              <podcast:source uri="https://show.example/ep1.opus"/></podcast:alternateEnclosure>
          </item>
        </channel></rss>
        """#
        let episode = try SyndicationDocument.parse(Data(podcast.utf8), pageURL: pageURL)
        #expect(episode.items.map(\.uri) == ["https://show.example/ep1-1080.mp4"])
        #expect(episode.items.map(\.kind) == [.video])
        // The height asked for: a 760-px page plays 1080 lines' smallest cover (720p is short of 760);
        // the data saver's 480 lines and a 720p cap play 720p; no page known plays for 1080.
        for (height, uri) in [(760, "https://show.example/ep1-1080.mp4"), (480, "https://show.example/ep1-720.mp4"),
                              (720, "https://show.example/ep1-720.mp4"), (0, "https://show.example/ep1-1080.mp4"),
                              (4000, "https://show.example/ep1-2160.mp4")] {
            let chosen = try SyndicationDocument.parse(Data(podcast.utf8), pageURL: pageURL, renditionHeight: height)
            #expect(chosen.items.map(\.uri) == [uri], "for \(height) lines")
        }
    }

    @Test("a post's HTML as plain text: tags dropped, entities decoded, paragraphs as lines, scripts left out")
    func plainText() {
        #expect(HTMLText.plain("<p>Hello <a href=\"x\">#cats</a> &amp; dogs</p><p>Second<br>line</p><script>evil()</script>")
                == "Hello #cats & dogs\nSecond\nline")
        #expect(HTMLText.plain("plain") == "plain")
        #expect(HTMLText.plain("") == "")
        #expect(HTMLText.plain(String(repeating: "<b>", count: 10_000) + "deep").count <= 4)
    }
}

@Suite(.serialized) @MainActor struct SyndicationLoadingTests {
    @Test("an RSS feed over loopback: detected, paged by atom:link rel=next to its end")
    func pagesToTheEnd() async throws {
        let server = MediaServer()
        server.serveAnswers(at: "/feed.rss") { _ in
            .init(status: 200, body: Data(SyndicationBodies.rss.utf8), contentType: "application/rss+xml")
        }
        server.serveAnswers(at: "/feed-2.rss") { _ in
            .init(status: 200, body: Data(SyndicationBodies.rssPage2.utf8), contentType: "application/rss+xml")
        }
        let base = try server.startOnOwnThread()
        defer { server.stop() }
        let loader = FeedPageLoader(feedURL: base.appendingPathComponent("feed.rss"))
        let pages = try await FeedTestPump.loadAll(loader)
        #expect(loader.format == .syndication)
        #expect(pages.map { $0.items.map(\.id) } == [["harbour-1", base.absoluteString + "heron", "gull"], ["harbour-2"]]
                || pages.map { $0.items.map(\.id) } == [["harbour-1", "https://harbour.example/heron", "gull"], ["harbour-2"]])
        #expect(pages.map(\.endReached) == [false, true])
    }
}
