import FeedCore
@testable import FeedDemo
import FeedGObject
@testable import FeedHTTP
@testable import FeedMedia
@testable import FeedSources
import FlickTestSupport
import Foundation
import Testing

/// Bluesky: an account's posts with media and custom feeds from a fake
/// AppView speaking the lexicons' shapes, paged by cursor.
@Suite(.serialized) @MainActor struct BlueskySourceTests {
    typealias Bodies = BlueskyBodies

    /// Fifteen posts by alice.test: videos and single pictures in turn.
    nonisolated static let fifteen: [String] = (1...15).map { number in
        let embed = number % 2 == 1
            ? Bodies.video(playlist: "https://video.bsky.example/watch/v\(number)/playlist.m3u8",
                           thumbnail: "https://video.bsky.example/watch/v\(number)/thumbnail.jpg")
            : Bodies.images(["https://cdn.bsky.example/img/feed_fullsize/p\(number)@jpeg"])
        return Bodies.entry(Bodies.post("3kpost\(number)", by: "alice.test", text: "Post \(number)", embed: embed))
    }

    /// One of each kind Flick reads or leaves out.
    nonisolated static let mixed: [String] = [
        Bodies.entry(Bodies.post("3kvid", by: "alice.test", text: "A cat jumps",
                                 embed: Bodies.video(playlist: "https://video.bsky.example/v/playlist.m3u8",
                                                     thumbnail: "https://video.bsky.example/v/thumbnail.jpg",
                                                     alt: "A cat jumps into a box"), likedBy: "at://did:plc:me/app.bsky.feed.like/3kl")),
        Bodies.entry(Bodies.post("3kfour", by: "alice.test", text: "Four", embed: Bodies.images(
            (1...4).map { "https://cdn.bsky.example/img/feed_fullsize/f\($0)@jpeg" }, alt: "a picture"))),
        Bodies.entry(Bodies.post("3ktext", by: "alice.test", text: "Only words", embed: nil)),
        Bodies.entry(Bodies.post("3klink", by: "alice.test", text: "A link", embed: Bodies.external)),
        Bodies.entry(Bodies.post("3kpoll", by: "alice.test", text: "A poll", embed: #"{"$type": "app.bsky.embed.poll#view", "options": []}"#)),
        Bodies.entry(Bodies.post("3knsfw", by: "alice.test", text: "Hidden", embed: Bodies.images(["https://cdn.bsky.example/n@jpeg"]),
                                 labels: ["porn"])),
        Bodies.entry(Bodies.post("3kneg", by: "alice.test", text: "Cleared", embed: Bodies.images(["https://cdn.bsky.example/c@jpeg"]),
                                 labels: ["nudity"], negatedLabels: ["nudity"])),
        Bodies.entry(Bodies.post("3kauth", by: "carol.test", display: nil, text: "By a labelled account",
                                 embed: Bodies.video(playlist: "https://video.bsky.example/a/playlist.m3u8", gif: true),
                                 authorLabels: ["graphic-media"]), repostedBy: "bo.test"),
        Bodies.entry(Bodies.post("3kquote", by: "alice.test", text: "Quoting",
                                 embed: Bodies.recordWithMedia(Bodies.video(playlist: "https://video.bsky.example/q/playlist.m3u8")))),
        Bodies.entry(Bodies.post("3knolist", by: "alice.test", text: "No playlist",
                                 embed: #"{"$type": "app.bsky.embed.video#view", "cid": "bafk"}"#)),
        Bodies.entry(Bodies.post("3kfile", by: "alice.test", text: "A file",
                                 embed: Bodies.video(playlist: "file:///etc/passwd"))),
        #"{"post": 5}"#,
    ]

    static func appView(_ fake: FakeBluesky) throws -> (MediaServer, URL) {
        let server = MediaServer()
        let base = try server.startOnOwnThread()
        fake.install(on: server) // its DID documents name this server as the PDS
        return (server, base)
    }

    static func source(_ text: String, _ base: URL) throws -> BlueskySource {
        guard case .success(let address)? = BlueskyAddress.parse(text) else { throw TableError("not an address: \(text)") }
        return try #require(BlueskySource(address: address, appView: base.absoluteString, plcDirectory: base.absoluteString,
                                          session: HTTPSessions.standalone()))
    }

    struct TableError: Error { var text: String; init(_ text: String) { self.text = text } }

    @Test("an account's posts with media page 15 posts through two cursors, asked as the lexicon says")
    func authorFeedPages() async throws {
        let fake = FakeBluesky(authors: ["alice.test": Self.fifteen])
        let (server, base) = try Self.appView(fake)
        defer { server.stop() }
        let pages = try await SourcePump.all(try Self.source("bsky:alice.test", base))
        #expect(pages.map(\.items.count) == [6, 6, 3])
        #expect(pages.flatMap(\.items).map(\.title) == (1...15).map { "Post \($0)" })
        let asked = fake.requests.filter { $0.path == "/xrpc/app.bsky.feed.getAuthorFeed" }
        #expect(asked.map { $0.query["cursor"] } == [nil, "c1", "c2"])
        #expect(asked.allSatisfy { $0.query["actor"] == "alice.test" && $0.query["filter"] == "posts_with_media" && $0.query["limit"] == "30" })
        let first = pages[0].items
        #expect(first[0].kind == .video && first[0].uri == "https://video.bsky.example/watch/v1/playlist.m3u8")
        #expect(first[0].poster == "https://video.bsky.example/watch/v1/thumbnail.jpg")
        #expect(first[0].width == 9 && first[0].height == 16, "the aspect ratio sizes the page")
        #expect(first[1].kind == .image && first[1].uri == "https://cdn.bsky.example/img/feed_fullsize/p2@jpeg")
        #expect(first[0].author == "Ana Lima (@alice.test)")
        #expect(pages[0].extras[first[0].id]?.webPage?.absoluteString == "https://bsky.app/profile/alice.test/post/3kpost1")
    }

    @Test("videos, pictures and quotes with media become posts; text, links, unknown embeds and bad ones are left out, each with its reason")
    func postsAndSkips() throws {
        let page = try BlueskyDocument.parse(BlueskyBodies.page(Self.mixed, cursor: nil),
                                             pageURL: URL(string: "https://appview.example/xrpc/app.bsky.feed.getAuthorFeed")!, knownIDs: [])
        let alice = BlueskyBodies.did("alice.test")
        let carol = BlueskyBodies.did("carol.test")
        let post = { (who: String, rkey: String) in "at://\(who)/app.bsky.feed.post/\(rkey)" }
        #expect(page.items.map(\.id) == [post(alice, "3kvid")] + (1...4).map { "\(post(alice, "3kfour"))#\($0)" }
                + [post(alice, "3knsfw"), post(alice, "3kneg"), post(carol, "3kauth"), post(alice, "3kquote")])
        let video = page.items[0]
        #expect(video.accessibilityLabel == "A cat jumps into a box" && video.title == "A cat jumps")
        #expect(page.extras[video.id]?.liked == true && page.extras[video.id]?.likes == 9)
        #expect(page.items[2].subtitle == "2 of 4", "a picture of several says which")
        #expect(page.items[2].accessibilityLabel == "a picture")
        #expect(page.extras[post(alice, "3knsfw")]?.sensitive == true, "labelled porn")
        #expect(page.extras[post(alice, "3kneg")]?.sensitive != true, "a negation label takes the label away")
        let reposted = page.items[7]
        #expect(page.extras[reposted.id]?.sensitive == true, "the author is labelled graphic-media")
        #expect(page.extras[reposted.id]?.silentLoop == true, "a gif presentation loops without sound")
        #expect(reposted.subtitle == "Reposted by Bo" && reposted.author == "@carol.test")
        #expect(page.items[8].uri == "https://video.bsky.example/q/playlist.m3u8", "a quote's own video")

        let reasons = Dictionary(page.skipped.compactMap { skipped in skipped.id.map { ($0, skipped.reason) } }) { first, _ in first }
        #expect(reasons[post(alice, "3ktext")] == .noMedia)
        #expect(reasons[post(alice, "3klink")] == .noMedia)
        #expect(reasons[post(alice, "3kpoll")] == .unknownEmbed("app.bsky.embed.poll#view"))
        #expect(reasons[post(alice, "3knolist")] == .missingField("playlist"))
        #expect(reasons[post(alice, "3kfile")] == .unsupportedURI(field: "uri", value: "file:///etc/passwd"))
        #expect(page.skipped.contains { $0.id == nil && $0.reason == .notAnObject })
    }

    @Test("a bsky.app feed address opens: the handle is resolved to a DID, then the feed is asked by its AT URI")
    func customFeed() async throws {
        let did = BlueskyBodies.did("alice.test")
        let feed = BlueskyAddress.feedURI(did: did, rkey: "thevids")
        let fake = FakeBluesky(authors: ["alice.test": []], feeds: [feed: Array(Self.fifteen.prefix(4))])
        let (server, base) = try Self.appView(fake)
        defer { server.stop() }
        let source = try Self.source("https://bsky.app/profile/alice.test/feed/thevids", base)
        let first = try await SourcePump.first(source).get()
        #expect(first.items.map(\.title) == ["Post 1", "Post 2", "Post 3", "Post 4"])
        #expect(fake.requests.map(\.path) == ["/xrpc/com.atproto.identity.resolveHandle", "/xrpc/app.bsky.feed.getFeed"])
        #expect(fake.requests.last?.query["feed"] == feed)
        #expect(source.displayName == "the feed thevids by @alice.test on Bluesky")
    }

    @Test("a feed that needs an account, an unknown feed and an unknown account each say so in one line")
    func refusals() async throws {
        let did = BlueskyBodies.did("alice.test")
        let fake = FakeBluesky(authors: ["alice.test": []], privateFeeds: [BlueskyAddress.feedURI(did: did, rkey: "mine")])
        let (server, base) = try Self.appView(fake)
        defer { server.stop() }
        let cases = [("bsky:\(did)/feed/mine", "Sign in to Bluesky to see this feed."),
                     ("bsky:alice.test/feed/nope", "Bluesky does not know this feed: bsky:alice.test/feed/nope"),
                     ("bsky:nobody.test", "Bluesky does not know this account: nobody.test"),
                     ("bsky:nobody.test/feed/x", "Bluesky does not know this account: nobody.test")]
        for (text, message) in cases {
            guard case .failure(let failure) = try await SourcePump.first(try Self.source(text, base)) else {
                Issue.record("\(text) should fail")
                continue
            }
            #expect(failure.message == message, "\(text)")
        }
    }

    @Test("an AppView setting that is not https (or loopback http), and the home timeline without an account, make no source")
    func refusedSettings() throws {
        let address = BlueskyAddress(scope: .author("alice.test"))
        let session = HTTPSessions.standalone()
        #expect(BlueskySource(address: address, appView: "http://appview.example", session: session) == nil)
        #expect(BlueskySource(address: address, appView: "ftp://appview.example", session: session) == nil)
        #expect(BlueskySource(address: address, appView: "https://user@appview.example", session: session) == nil)
        #expect(BlueskySource(address: address, appView: "http://127.0.0.1:9", session: session) != nil)
        #expect(BlueskySource(address: BlueskyAddress(scope: .home), appView: "https://appview.example", session: session) == nil)
    }

    @Test("a page over 4 MiB, a deep one and one that is not a feed are refused without exhausting memory")
    func hostileBodies() {
        let url = URL(string: "https://appview.example/xrpc/app.bsky.feed.getFeed")!
        let huge = Data(#"{"feed": ["# .utf8) + Data(repeating: 0x20, count: 4 * 1_048_576) + Data("]}".utf8)
        let deep = Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
        let wrong = Data(#"{"posts": []}"#.utf8)
        for body in [huge, deep, wrong] {
            #expect(throws: FeedLoadError.self) { try BlueskyDocument.parse(body, pageURL: url, knownIDs: []) }
        }
        // Nesting past the lexicon: a record-with-media inside a record-with-media shows nothing.
        let nested = BlueskyBodies.recordWithMedia(BlueskyBodies.recordWithMedia(BlueskyBodies.video(playlist: "https://v.example/p.m3u8")))
        let page = try? BlueskyDocument.parse(BlueskyBodies.page([BlueskyBodies.entry(BlueskyBodies.post("3kn", by: "alice.test", text: "n", embed: nested))],
                                                                 cursor: nil), pageURL: url, knownIDs: [])
        #expect(page?.items.isEmpty == true)
        #expect(page?.skipped.first?.reason == .unknownEmbed("app.bsky.embed.recordWithMedia#view"))
    }

    @Test("a video's captions are read from its author's PDS, found through the PLC directory; a PDS on a private address gets nothing")
    func captionsFromThePDS() async throws {
        let captioned = { (rkey: String, handle: String) in
            Bodies.entry(Bodies.post(rkey, by: handle, text: rkey, embed: Bodies.video(playlist: "https://video.bsky.example/\(rkey)/playlist.m3u8"),
                                     captions: [("en", "bafkreicaptionen"), ("fr", "bafkreicaptionfr"), ("de", "not a cid!")]))
        }
        let fake = FakeBluesky(authors: ["alice.test": [captioned("3kcap", "alice.test"), captioned("3kcap2", "alice.test")],
                                         "mallory.test": [captioned("3kbad", "mallory.test")]],
                               blobs: ["bafkreicaptionen": "WEBVTT\n\n00:00.000 --> 00:02.000\nHello\n",
                                       "bafkreicaptionfr": "WEBVTT\n\n00:00.000 --> 00:02.000\nBonjour\n"],
                               pdsOf: ["mallory.test": "https://10.0.0.7"])
        let (server, base) = try Self.appView(fake)
        defer { server.stop() }
        let did = BlueskyBodies.did("alice.test")
        let page = try await SourcePump.first(try Self.source("bsky:alice.test", base)).get()
        let pds = base.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        #expect(page.items.map { $0.captions.map(\.language) } == [["en", "fr"], ["en", "fr"]], "the bad CID is dropped")
        #expect(page.items[0].captions.first?.uri == "\(pds)/xrpc/com.atproto.sync.getBlob?did=\(did.replacingOccurrences(of: ":", with: "%3A"))&cid=bafkreicaptionen")
        #expect(fake.requests.filter { $0.path == "/\(did)" }.count == 1, "one document read for both posts")

        let refused = try await SourcePump.first(try Self.source("bsky:mallory.test", base)).get()
        #expect(refused.items.count == 1 && refused.items[0].captions.isEmpty, "the post stays, without captions")
    }

    @Test("a 429 with Bluesky's RateLimit-Reset (Unix seconds) waits until then and asks again")
    func rateLimited() async throws {
        let server = MediaServer()
        let log = RequestLog()
        let refused = AtomicCounter()
        let page = BlueskyBodies.page(Array(Self.fifteen.prefix(2)), cursor: nil)
        server.serveAnswers(at: "/xrpc/app.bsky.feed.getAuthorFeed") { request in
            log.record(request)
            guard refused.add(1) == 1 else { return json(page) }
            let reset = Int(Date().timeIntervalSince1970) + 3
            return .init(status: 429, body: Data(#"{"error": "RateLimitExceeded", "message": "Rate Limit Exceeded"}"#.utf8),
                         headers: ["RateLimit-Limit": "3000", "RateLimit-Remaining": "0", "RateLimit-Reset": "\(reset)"])
        }
        let base = try server.startOnOwnThread()
        defer { server.stop() }
        let first = try await SourcePump.first(try Self.source("bsky:alice.test", base)).get()
        #expect(first.items.count == 2)
        let times = log.times
        try #require(times.count == 2)
        #expect(times[1].timeIntervalSince(times[0]) >= 1.9, "asked again only once the window reset")
    }

    @Test("three pages in a row with nothing new, a cursor still given, end the feed saying No more posts")
    func noMorePosts() async throws {
        let words = (1...30).map { Bodies.entry(Bodies.post("3kw\($0)", by: "alice.test", text: "Words \($0)", embed: nil)) }
        let fake = FakeBluesky(authors: ["alice.test": Array(Self.fifteen.prefix(6)) + words])
        let (server, base) = try Self.appView(fake)
        defer { server.stop() }
        let source = try Self.source("bsky:alice.test", base)
        let first = try await SourcePump.first(source).get()
        #expect(first.items.count == 6)
        let next = try await SourcePump.next(source, after: try #require(first.next)).get()
        #expect(next.items.isEmpty && next.next == nil && next.endNotice == "No more posts")
        let asked = fake.requests.filter { $0.path == "/xrpc/app.bsky.feed.getAuthorFeed" }.map { $0.query["cursor"] }
        #expect(asked == [nil, "c1", "c2", "c3"], "three tries after the first page, then no more: \(asked)")
    }

    @Test("a cursor given twice ends the feed at once, saying No more posts; the page that gave it still shows")
    func repeatedCursor() async throws {
        let server = MediaServer()
        let log = RequestLog()
        server.serveAnswers(at: "/xrpc/app.bsky.feed.getAuthorFeed") { request in
            log.record(request)
            let posts = request.query["cursor"] == nil ? Array(Self.fifteen.prefix(2)) : Array(Self.fifteen[2..<4])
            return json(BlueskyBodies.page(posts, cursor: "2026-11-30T10:00:00.000Z::bafyreisame"))
        }
        let base = try server.startOnOwnThread()
        defer { server.stop() }
        let source = try Self.source("bsky:alice.test", base)
        let first = try await SourcePump.first(source).get()
        #expect(first.items.count == 2 && first.next != nil && first.endNotice == nil)
        let second = try await SourcePump.next(source, after: try #require(first.next)).get()
        #expect(second.items.count == 2 && second.next == nil && second.endNotice == "No more posts")
        #expect(log.paths.count == 2, "the repeated cursor was not asked again")
    }
}
