import Foundation

/// The shapes of Lemmy's API (v3) that Flick reads, as its client's types
/// give them (`GetPostsResponse`, `PostView`, `Post`, `Person`); every
/// other field is ignored. Decoded with snake_case keys. Pure; any thread.
enum LemmyAPI {
    struct Post: Decodable {
        var id: Int
        var name: String?
        var url: String?
        /// Markdown.
        var body: String?
        var nsfw: Bool?
        var thumbnailUrl: String?
        var embedVideoUrl: String?
        var urlContentType: String?
        var altText: String?
        /// The post's address on its home instance.
        var apId: String?
    }

    struct Person: Decodable {
        var name: String?
        var displayName: String?
    }

    struct Community: Decodable {
        var name: String?
        var nsfw: Bool?
    }

    struct Counts: Decodable {
        var upvotes: Int?
    }

    struct PostView: Decodable {
        var post: Post
        var creator: Person?
        var community: Community?
        var counts: Counts?
    }

    /// `GET /api/v3/post/list`.
    struct Posts: Decodable {
        var posts: [Lossy<PostView>]
        /// The next page's cursor (`page_cursor`); absent at the end.
        var nextPage: String?
    }

    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }
}
