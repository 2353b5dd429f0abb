import FeedCore
@testable import FeedDemo
@testable import FeedMedia
@testable import FeedSources
import Foundation
import Testing

/// Mutations of a valid feed page — wrong types, numbers at the edges of
/// their types, huge and control-laden strings, deep nesting, broken
/// encodings — never crash the reader, and every item it keeps is inside
/// ``FeedValueRules``' bounds.
@Suite struct HostileFeedValueTests {
    static let pageURL = URL(string: "https://feeds.example.com/feed.json")!

    /// A valid item whose `field` is replaced by `value` (raw JSON).
    static func page(field: String, value: String) -> Data {
        var fields: [String: String] = [
            "id": #""a""#, "type": #""video""#, "uri": #""https://cdn.example.com/a.mp4""#,
            "poster": #""https://cdn.example.com/a.jpg""#, "width": "720", "height": "1280", "duration": "8.5",
            "title": #""Sea""#, "subtitle": #""Waves""#, "author": #""Ana""#, "likes": "3", "liked": "false",
            "likeURL": #""https://cdn.example.com/like/a""#, "cacheKey": #""a-v1""#,
            "headers": #"{"X-Token": "1"}"#, "accessibilityLabel": #""A lake""#,
        ]
        fields[field] = value
        let body = fields.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ")
        return Data(#"{"items": [{\#(body)}], "next": null}"#.utf8)
    }

    static let huge = String(repeating: "x", count: 3_000_000)

    /// Values every field is tried with.
    static let values: [String] = [
        "null", "true", "0", "-1", "1e13", "-1e13", "1e308", "-1e308", "9223372036854775807", "9223372036854775808",
        "-9223372036854775809", "4.5", "1e-320", #""""#, #""\u0000""#, #""https://cdn.example.com/a\u0000.mp4""#,
        #""https://cdn.example.com/\r\nHost: x""#, #""javascript:alert(1)""#, #""file:///etc/passwd""#,
        #""https://[::1""#, #""https://cdn.example.com/%zz""#, "\"\(huge)\"",
        "\"" + String(repeating: "e\\u0301", count: 100_000) + "\"", "[]", "{}", #"{"a": [1, {"b": null}]}"#,
        String(repeating: "[", count: 2_000) + String(repeating: "]", count: 2_000),
    ]

    static let fields = ["id", "type", "uri", "poster", "width", "height", "duration", "title", "subtitle", "author",
                         "likes", "liked", "likeURL", "cacheKey", "headers", "accessibilityLabel"]

    @Test(arguments: fields)
    func everyMutationOfAFieldIsReadSafely(_ field: String) throws {
        for value in Self.values {
            let page: FeedPage
            do {
                page = try FeedDocument.parse(Self.page(field: field, value: value), pageURL: Self.pageURL)
            } catch {
                // A page refused as a whole is fine; it must say why.
                #expect(!error.description.isEmpty)
                continue
            }
            #expect(page.items.count + page.skipped.count == 1, "\(field) = \(value.prefix(40)): one item, kept or skipped")
            for item in page.items { Self.expectBounded(item, page.extras[item.id], context: "\(field) = \(value.prefix(40))") }
        }
    }

    static func expectBounded(_ item: FeedItem, _ extras: RemoteItemExtras?, context: String) {
        for text in [item.title, item.subtitle, item.author, item.accessibilityLabel].compactMap({ $0 }) {
            #expect(text.unicodeScalars.count <= FeedValueRules.maxTextScalars + 1, "\(context): text bounded")
            #expect(!text.unicodeScalars.contains { $0.value == 0 }, "\(context): no NUL in text")
        }
        for address in [item.uri, item.poster, extras?.likeURL?.absoluteString].compactMap({ $0 }) {
            #expect(!FeedValueRules.hasControlCharacter(address), "\(context): no control characters in \(address.prefix(60))")
            #expect(["http", "https"].contains(URL(string: address)?.scheme ?? ""), "\(context): http(s) only")
        }
        #expect(item.id.unicodeScalars.count <= FeedValueRules.maxKeyScalars, "\(context): id bounded")
        if let duration = item.duration { #expect(FeedValueRules.durationRange.contains(duration), "\(context)") }
        for size in [item.width, item.height].compactMap({ $0 }) { #expect(FeedValueRules.pixelRange.contains(size)) }
        if let likes = extras?.likes { #expect(FeedValueRules.likesRange.contains(likes)) }
        // What the app derives from them must not trap either.
        _ = Int64(saturatingRounded: (item.duration ?? 0) * 1_000_000)
    }

    @Test func aMultiMegabyteTitleIsCutOnACharacterBoundary() throws {
        let accented = String(repeating: "e\u{301}", count: 5_000)
        let page = try FeedDocument.parse(Self.page(field: "title", value: "\"\(accented)\""), pageURL: Self.pageURL)
        let title = try #require(page.items.first?.title)
        #expect(title.hasSuffix("…"))
        #expect(title.unicodeScalars.count <= FeedValueRules.maxTextScalars + 1)
        #expect(title.dropLast().allSatisfy { $0 == "e\u{301}" }, "no accent is left without its letter")
    }

    @Test func stackedCombiningMarksAreBoundedAndAccentsKept() throws {
        // A title of nothing but combining marks, a letter under a hundred of
        // them, and Vietnamese, whose letters carry two.
        let title = String(repeating: "\u{301}", count: 10_000) + " Z" + String(repeating: "\u{336}", count: 100) + " Việt Nam"
        let page = try FeedDocument.parse(Self.page(field: "title", value: "\"\(title)\""), pageURL: Self.pageURL)
        let shown = try #require(page.items.first?.title)
        #expect(shown == String(repeating: "\u{301}", count: FeedValueRules.maxMarksInRow) + " Z"
                    + String(repeating: "\u{336}", count: FeedValueRules.maxMarksInRow) + " Việt Nam", "\(shown.unicodeScalars.count) scalars")
        // A megabyte of marks is looked at only so far, and cut.
        let marks = try FeedDocument.parse(Self.page(field: "title", value: "\"\(String(repeating: "\u{301}", count: 500_000))\""),
                                           pageURL: Self.pageURL)
        let cut = try #require(marks.items.first?.title)
        #expect(cut.hasSuffix("…") && cut.unicodeScalars.count <= FeedValueRules.maxMarksInRow + 1, "\(cut.unicodeScalars.count)")
        let rtl = try FeedDocument.parse(Self.page(field: "title", value: "\"\u{202E}evil\""), pageURL: Self.pageURL)
        #expect(rtl.items.first?.title == "\u{202E}evil", "an override is kept: its label holds the title alone")
    }

    @Test func aDurationThatOverflowsAnIntegerRefusesTheItemWithAReason() throws {
        let page = try FeedDocument.parse(Self.page(field: "duration", value: "1e13"), pageURL: Self.pageURL)
        #expect(page.items.isEmpty)
        #expect(page.skipped.map(\.reason) == [.outOfRange(field: "duration")])
    }

    @Test func aNULInAnAddressRefusesTheItem() throws {
        let page = try FeedDocument.parse(Self.page(field: "uri", value: #""https://cdn.example.com/a\u0000.mp4""#),
                                          pageURL: Self.pageURL)
        #expect(page.items.isEmpty)
        #expect(page.skipped.first?.description.contains("\\0") == true, "the log line shows the NUL escaped")
    }

    @Test func saturatingConversionsClampInsteadOfTrapping() {
        #expect(Int64(saturating: 1e300) == .max)
        #expect(Int64(saturating: -1e300) == .min)
        #expect(Int64(saturating: .nan) == 0)
        #expect(Int64(saturating: .infinity) == .max)
        #expect(Int64(saturating: 9.223372036854775807e18) == .max)
        #expect(Int32(saturatingRounded: 2.5) == 3)
        #expect(UInt32(saturating: -4) == 0)
    }
}
