import FeedCore
import Foundation
import Testing

struct PostTagsRow: TableRow {
    var name: String
    var texts: [String?]
    var tags: [String]
}

@Suite("For You's posts: ids that say their source, tags from their words")
struct MixItemTests {
    @Test("a post's hashtags", arguments: try Table.rows("post-tags.json", as: PostTagsRow.self))
    func tags(row: PostTagsRow) {
        #expect(PostTags.hashtags(in: row.texts) == row.tags, "\(row.name)")
    }

    @Test("a community's or channel's name as a tag: lowercased, once, never empty, endless or with a control character")
    func filedUnder() {
        #expect(PostTags.checked(["Pics", "pics", " ", "", "a\u{7}b", String(repeating: "x", count: 65), "Cat_Videos"]) == ["pics", "cat_videos"])
        #expect(PostTags.checked((0..<20).map { "c\($0)" }).count == PostTags.maxTags)
    }

    @Test("an id composed from a source and a post splits back into both; the demo's source is empty; a plain id is none")
    func ids() throws {
        for (source, id) in [("https://example.org/feed.json", "item-1"), ("mastodon:example.org/tags/cats", "1234"), ("", "item-7")] {
            let composed = MixItemID.compose(source: source, id: id)
            let split = try #require(MixItemID.split(composed))
            #expect(split.source == source && split.id == id)
        }
        #expect(MixItemID.split("item-1") == nil)
        #expect(MixItemID.split(MixItemID.compose(source: "a", id: "")) == nil)
        // Two sources with the same ids stay apart.
        #expect(MixItemID.compose(source: "a", id: "1") != MixItemID.compose(source: "b", id: "1"))
    }
}
