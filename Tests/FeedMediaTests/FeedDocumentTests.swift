import FeedCore
@testable import FeedDemo
@testable import FeedMedia
@testable import FeedSources
import Foundation
import Testing

/// Feed pages as a server would send them, and what Flick makes of them.
/// Every page here whose `valid` is true must also match data/feed.schema.json
/// (FeedSchemaTests checks it).
struct FeedPageExample: Sendable, CustomTestStringConvertible {
    var name: String
    var json: String
    /// Ids shown, in order.
    var ids: [String] = []
    /// Skipped items: index and reason.
    var skipped: [Int: SkippedFeedItem.Reason] = [:]
    var next: FeedNext = .end
    /// Whether the whole page matches the schema (bad items make it not).
    var valid: Bool = true

    var testDescription: String { name }

    static let pageURL = URL(string: "https://feeds.example.com/v1/feed.json?lang=en")!

    static let all: [FeedPageExample] = [
        FeedPageExample(name: "a full item and a minimal one",
                        json: """
                        {"items": [
                          {"id": "a1", "type": "video", "uri": "https://cdn.example.com/a1.mp4",
                           "poster": "https://cdn.example.com/a1.jpg", "width": 720, "height": 1280, "duration": 12.5,
                           "headers": {"Authorization": "Bearer x"}, "cacheKey": "a1-v2", "title": "Sea", "subtitle": "Waves",
                           "author": "Ana", "likes": 3, "liked": true, "likeURL": "https://api.example.com/like/a1",
                           "accessibilityLabel": "Waves on a beach"},
                          {"id": "b2", "type": "image", "uri": "http://cdn.example.com/b2.jpg"}
                        ], "next": null}
                        """,
                        ids: ["a1", "b2"]),
        FeedPageExample(name: "unknown fields are ignored at every level",
                        json: """
                        {"version": 3, "items": [
                          {"id": "a1", "type": "video", "uri": "https://cdn.example.com/a1.mp4", "sponsored": {"x": [1]}, "rank": 0.5}
                        ], "meta": {"total": 9}}
                        """,
                        ids: ["a1"]),
        FeedPageExample(name: "missing required fields skip the item only",
                        json: """
                        {"items": [
                          {"type": "video", "uri": "https://cdn.example.com/x.mp4"},
                          {"id": "no-type", "uri": "https://cdn.example.com/x.mp4"},
                          {"id": "no-uri", "type": "image"},
                          {"id": "null-uri", "type": "image", "uri": null},
                          {"id": "ok", "type": "image", "uri": "https://cdn.example.com/ok.jpg"}
                        ]}
                        """,
                        ids: ["ok"],
                        skipped: [0: .missingField("id"), 1: .missingField("type"), 2: .missingField("uri"),
                                  3: .missingField("uri")],
                        valid: false),
        FeedPageExample(name: "wrong types skip the item only",
                        json: """
                        {"items": [
                          {"id": "w", "type": "video", "uri": "https://c.example.com/w.mp4", "width": "720"},
                          {"id": "h", "type": "video", "uri": "https://c.example.com/h.mp4", "height": 1.5},
                          {"id": "d", "type": "video", "uri": "https://c.example.com/d.mp4", "duration": "long"},
                          {"id": "l", "type": "video", "uri": "https://c.example.com/l.mp4", "liked": "yes"},
                          {"id": "hd", "type": "video", "uri": "https://c.example.com/hd.mp4", "headers": {"X-A": 1}},
                          {"id": "u", "type": "video", "uri": 42},
                          {"id": true, "type": "video", "uri": "https://c.example.com/t.mp4"},
                          "just a string",
                          {"id": 7, "type": "image", "uri": "https://c.example.com/7.jpg"}
                        ]}
                        """,
                        ids: ["7"],
                        skipped: [0: .wrongType(field: "width", expected: "a whole number"),
                                  1: .wrongType(field: "height", expected: "a whole number"),
                                  2: .wrongType(field: "duration", expected: "a number"),
                                  3: .wrongType(field: "liked", expected: "true or false"),
                                  4: .wrongType(field: "headers", expected: "an object of strings"),
                                  5: .wrongType(field: "uri", expected: "a string"),
                                  6: .wrongType(field: "id", expected: "a string or a whole number"),
                                  7: .notAnObject],
                        valid: false),
        FeedPageExample(name: "values the rules refuse",
                        json: """
                        {"items": [
                          {"id": "", "type": "video", "uri": "https://c.example.com/e.mp4"},
                          {"id": "gif", "type": "gif", "uri": "https://c.example.com/g.gif"},
                          {"id": "file", "type": "video", "uri": "file:///etc/passwd"},
                          {"id": "poster", "type": "video", "uri": "https://c.example.com/p.mp4", "poster": "file:///tmp/p.jpg"},
                          {"id": "data", "type": "image", "uri": "data:image/png;base64,AAAA"},
                          {"id": "nohost", "type": "image", "uri": "https:///x.jpg"},
                          {"id": "space", "type": "image", "uri": "https://c.example.com/a b.jpg"},
                          {"id": "like", "type": "image", "uri": "https://c.example.com/l.jpg", "likeURL": "ftp://x.example.com/l"},
                          {"id": "zero", "type": "image", "uri": "https://c.example.com/z.jpg", "width": 0},
                          {"id": "neg", "type": "video", "uri": "https://c.example.com/n.mp4", "duration": -1},
                          {"id": "likes", "type": "video", "uri": "https://c.example.com/n.mp4", "likes": -3},
                          {"id": "hdr", "type": "video", "uri": "https://c.example.com/h.mp4", "headers": {"X-A": "1\\r\\nHost: evil"}},
                          {"id": "hdrname", "type": "video", "uri": "https://c.example.com/h.mp4", "headers": {"Bad Name": "1"}},
                          {"id": "ok", "type": "video", "uri": "https://c.example.com/ok.mp4"}
                        ]}
                        """,
                        ids: ["ok"],
                        skipped: [0: .emptyID, 1: .unknownType("gif"),
                                  2: .unsupportedURI(field: "uri", value: "file:///etc/passwd"),
                                  3: .unsupportedURI(field: "poster", value: "file:///tmp/p.jpg"),
                                  4: .unsupportedURI(field: "uri", value: "data:image/png;base64,AAAA"),
                                  5: .unsupportedURI(field: "uri", value: "https:///x.jpg"),
                                  6: .unsupportedURI(field: "uri", value: "https://c.example.com/a b.jpg"),
                                  7: .unsupportedURI(field: "likeURL", value: "ftp://x.example.com/l"),
                                  8: .outOfRange(field: "width"), 9: .outOfRange(field: "duration"),
                                  10: .outOfRange(field: "likes"), 11: .invalidHeader("X-A"),
                                  12: .invalidHeader("Bad Name")],
                        valid: false),
        FeedPageExample(name: "duplicate ids keep the first",
                        json: """
                        {"items": [
                          {"id": "a", "type": "video", "uri": "https://c.example.com/first.mp4"},
                          {"id": "b", "type": "image", "uri": "https://c.example.com/b.jpg"},
                          {"id": "a", "type": "video", "uri": "https://c.example.com/second.mp4"}
                        ], "next": "abc"}
                        """,
                        ids: ["a", "b"], skipped: [2: .duplicateID], next: .cursor("abc")),
        FeedPageExample(name: "relative media addresses resolve against the page",
                        json: """
                        {"items": [{"id": "r", "type": "video", "uri": "/media/r.mp4", "poster": "r.jpg",
                                    "likeURL": "//api.example.com/like/r"}],
                         "next": "/v1/feed.json?page=2"}
                        """,
                        ids: ["r"], next: .url(URL(string: "https://feeds.example.com/v1/feed.json?page=2")!)),
        FeedPageExample(name: "an absolute next URL is used as is",
                        json: #"{"items": [], "next": "https://other.example.com/p/3?sig=x%2By"}"#,
                        next: .url(URL(string: "https://other.example.com/p/3?sig=x%2By")!)),
        FeedPageExample(name: "a next starting with ./ resolves against the page",
                        json: #"{"items": [], "next": "./page-2.json"}"#,
                        next: .url(URL(string: "https://feeds.example.com/v1/page-2.json")!)),
        FeedPageExample(name: "a next starting with ? replaces the page's query",
                        json: #"{"items": [], "next": "?after=20"}"#,
                        next: .url(URL(string: "https://feeds.example.com/v1/feed.json?after=20")!)),
        FeedPageExample(name: "a next with another scheme is a cursor",
                        json: #"{"items": [], "next": "page:2"}"#,
                        next: .cursor("page:2")),
        FeedPageExample(name: "an empty next ends the feed",
                        json: #"{"items": [], "next": ""}"#),
    ]
}

@Suite struct FeedDocumentTests {
    func parse(_ json: String, pageURL: URL = FeedPageExample.pageURL) throws(FeedLoadError) -> FeedPage {
        try FeedDocument.parse(Data(json.utf8), pageURL: pageURL)
    }

    @Test(arguments: FeedPageExample.all)
    func examplePagesGiveTheDocumentedItems(_ example: FeedPageExample) throws {
        let page = try parse(example.json)
        #expect(page.items.map(\.id) == example.ids)
        #expect(Dictionary(uniqueKeysWithValues: page.skipped.map { ($0.index, $0.reason) }) == example.skipped)
        #expect(page.next == example.next)
        #expect(page.unusableNext == nil)
    }

    @Test func fieldsMapToFeedItemAndExtras() throws {
        let page = try parse(FeedPageExample.all[0].json)
        let item = try #require(page.items.first)
        #expect(item == FeedItem(id: "a1", kind: .video, uri: "https://cdn.example.com/a1.mp4",
                                 poster: "https://cdn.example.com/a1.jpg", width: 720, height: 1280, duration: 12.5,
                                 title: "Sea", subtitle: "Waves", author: "Ana", accessibilityLabel: "Waves on a beach"))
        #expect(page.extras["a1"] == RemoteItemExtras(headers: ["Authorization": "Bearer x"], cacheKey: "a1-v2",
                                                     likes: 3, liked: true,
                                                     likeURL: URL(string: "https://api.example.com/like/a1")))
        #expect(page.extras["b2"] == nil, "an item with nothing extra has no entry")
        #expect(page.items[1].kind == .image)
    }

    @Test func relativeAddressesBecomeAbsolute() throws {
        let page = try parse(FeedPageExample.all[6].json)
        #expect(page.items[0].uri == "https://feeds.example.com/media/r.mp4")
        #expect(page.items[0].poster == "https://feeds.example.com/v1/r.jpg")
        #expect(page.extras["r"]?.likeURL == URL(string: "https://api.example.com/like/r"))
    }

    @Test("an item's url is its web page, resolved against the page; one that is not http(s) is left out and the item still shows")
    func webPageOfAnItem() throws {
        let page = try parse(#"""
            {"items": [{"id": "a", "type": "video", "uri": "a.mp4", "url": "/posts/a"},
                       {"id": "b", "type": "video", "uri": "b.mp4", "url": "file:///etc/passwd"},
                       {"id": "c", "type": "video", "uri": "c.mp4"}]}
            """#)
        #expect(page.items.map(\.id) == ["a", "b", "c"])
        #expect(page.extras["a"]?.webPage == URL(string: "https://feeds.example.com/posts/a"))
        #expect(page.extras["b"]?.webPage == nil && page.extras["c"]?.webPage == nil)
    }

    @Test("captions resolve against the page, over http(s) only, at most 16; a language that is no tag is unknown; a captions field that is not a list skips the item")
    func captionsOfAnItem() throws {
        let many = (0..<20).map { #"{"language": "en", "uri": "/c/\#($0).vtt"}"# }.joined(separator: ",")
        let page = try parse(#"""
            {"items": [{"id": "a", "type": "video", "uri": "a.mp4",
                        "captions": [{"language": "pt-BR", "uri": "/subs/a.pt.vtt"}, {"language": "not a tag!", "uri": "https://x.example/a.srt"},
                                     {"language": "en", "uri": "file:///etc/passwd"}, {"uri": "ftp://x.example/a.vtt"}]},
                       {"id": "b", "type": "video", "uri": "b.mp4", "captions": [\#(many)]},
                       {"id": "c", "type": "video", "uri": "c.mp4", "captions": "a.vtt"}]}
            """#)
        #expect(page.items.map(\.id) == ["a", "b"])
        #expect(page.items[0].captions == [CaptionTrack(language: "pt-BR", uri: "https://feeds.example.com/subs/a.pt.vtt"),
                                           CaptionTrack(language: nil, uri: "https://x.example/a.srt")])
        #expect(page.items[1].captions.count == 16)
    }

    @Test func skipReasonsReadAsOneLine() throws {
        let page = try parse(FeedPageExample.all[4].json)
        #expect(page.skipped[2].description == #"item 2 (id "file"): uri file:///etc/passwd is not an http(s) URL"#)
        let missing = try parse(FeedPageExample.all[2].json)
        #expect(missing.skipped[0].description == "item 0: no id")
    }

    @Test func aFeedReadFromAFileMayPointToFiles() throws {
        let json = #"{"items": [{"id": "f", "type": "image", "uri": "pictures/f.png"}], "next": "file:///feeds/2.json"}"#
        let page = try parse(json, pageURL: URL(fileURLWithPath: "/feeds/1.json"))
        #expect(page.items.map(\.uri) == ["file:///feeds/pictures/f.png"])
        #expect(page.next == .url(URL(string: "file:///feeds/2.json")!))
    }

    struct PageFailure: Sendable, CustomTestStringConvertible {
        var name: String
        var body: Data
        var error: FeedLoadError
        var testDescription: String { name }
    }

    static let failures: [PageFailure] = [
        PageFailure(name: "an HTML error page", body: Data("<html><body>Oops</body></html>".utf8),
                    error: .notJSON("invalid value at line 1, column 1")),
        PageFailure(name: "a syntax error on the third line", body: Data("{\"items\": [\n  {\"id\": \"a\"},\n  ,\n]}".utf8),
                    error: .notJSON("invalid value at line 3, column 3")),
        PageFailure(name: "a cut-off body", body: Data(#"{"items": [{"id": "a""#.utf8),
                    error: .notJSON("unexpected end of file during JSON parse")),
        PageFailure(name: "an empty body", body: Data(), error: .notJSON("the body is empty")),
        PageFailure(name: "an array instead of a page", body: Data("[1, 2]".utf8),
                    error: .schema("the page is not a JSON object")),
        PageFailure(name: "no items", body: Data(#"{"next": null}"#.utf8),
                    error: .schema(#"the page has no "items" array"#)),
        PageFailure(name: "items is an object", body: Data(#"{"items": {"id": "a"}}"#.utf8),
                    error: .schema(#""items" is not an array"#)),
        PageFailure(name: "next is a number", body: Data(#"{"items": [], "next": 2}"#.utf8),
                    error: .schema(#""next" is neither a string nor null"#)),
        PageFailure(name: "1,001 items", body: page(items: 1_001),
                    error: .tooManyItems(count: 1_001, limit: 1_000)),
        PageFailure(name: "a 9 MB page", body: nineMegabytes,
                    error: .tooLarge(bytes: nineMegabytes.count, limit: 8 * 1_048_576)),
    ]

    static let nineMegabytes = page(items: 10, padding: 9 * 1_048_576)

    @Test(arguments: failures)
    func pagesThatAreRefusedSayWhy(_ failure: PageFailure) {
        #expect(throws: failure.error) { try FeedDocument.parse(failure.body, pageURL: FeedPageExample.pageURL) }
    }

    @Test func limitsAreInclusive() throws {
        let full = try FeedDocument.parse(Self.page(items: 1_000), pageURL: FeedPageExample.pageURL)
        #expect(full.items.count == 1_000)
        let big = Self.page(items: 2, padding: 8 * 1_048_576 - 200)
        #expect(big.count <= FeedDocument.maxBytes)
        #expect(try FeedDocument.parse(big, pageURL: FeedPageExample.pageURL).items.count == 2)
    }

    @Test func errorsReadAsOneHumanLine() {
        #expect(FeedLoadError.httpStatus(500, reason: "Internal Server Error").description
                == "The feed answered HTTP 500 (Internal Server Error).")
        #expect(FeedLoadError.tooLarge(bytes: 9 * 1_048_576, limit: 8 * 1_048_576).description
                == "The feed page is too large: 9 MB (the limit is 8 MB).")
        #expect(FeedLoadError.notJSON("invalid value at line 1, column 1").description
                == "The feed is not JSON: invalid value at line 1, column 1.")
        #expect(FeedLoadError.tooManyItems(count: 1_001, limit: 1_000).description
                == "The feed page has 1001 items (the limit is 1000).")
        #expect(FeedLoadError.httpStatus(404, reason: nil).code == .sourceNotFound)
        #expect(FeedLoadError.httpStatus(503, reason: nil).isRetryable)
        #expect(!FeedLoadError.notJSON("x").isRetryable)
    }

    @Test func cursorsReplaceTheFeedsCursorAndKeepItsOtherParameters() throws {
        let feed = try #require(URL(string: "https://feeds.example.com/feed.json?lang=en&cursor=old"))
        let url = FeedNext.cursor("a+b/c=").requestURL(feedURL: feed)
        #expect(url?.absoluteString == "https://feeds.example.com/feed.json?lang=en&cursor=a%2Bb%2Fc%3D")
        #expect(FeedNext.end.requestURL(feedURL: feed) == nil)
    }

    @Test func aURLShapedNextThatIsNotUsableEndsTheFeedAndSaysSo() throws {
        let page = try parse(#"{"items": [], "next": "/a b"}"#)
        #expect(page.next == .end)
        #expect(page.unusableNext == "/a b")
    }

    /// A valid page of `items` minimal items, plus an unknown `padding`
    /// field holding `padding` bytes to make it large.
    static func page(items: Int, padding: Int = 0) -> Data {
        let list = (0..<items).map { #"{"id":"i\#($0)","type":"image","uri":"https://c.example.com/\#($0).jpg"}"# }
        let head = #"{"items":["# + list.joined(separator: ",") + "]"
        guard padding > 0 else { return Data((head + "}").utf8) }
        return Data((head + #","padding":""# + String(repeating: "x", count: padding) + "\"}").utf8)
    }
}
