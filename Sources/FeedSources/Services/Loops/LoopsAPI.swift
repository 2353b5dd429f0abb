import Foundation

/// The shapes of Loops's JSON API that Flick reads, as its server's
/// resources give them (`VideoResource`, `ProfileResource`, the cursor
/// paginator's `meta`); every other field is ignored. Decoded with
/// snake_case keys. Pure; any thread.
enum LoopsAPI {
    struct Account: Decodable {
        var id: String?
        var name: String?
        var username: String?
    }

    struct Media: Decodable {
        var thumbnail: String?
        /// The MP4; a visitor's tag feed leaves it out.
        var srcUrl: String?
        /// An HLS playlist; today's servers send null.
        var hlsUrl: String?
        var altText: String?
        var width: Int?
        var height: Int?
        var duration: Double?
    }

    struct Video: Decodable {
        var id: String
        var account: Account?
        var caption: String?
        /// The video's page on the server.
        var url: String?
        var isSensitive: Bool?
        var media: Media?
        var likes: Int?
        /// Whether the signed-in user liked it (false for visitors).
        var hasLiked: Bool?
    }

    struct Meta: Decodable {
        /// The next page's cursor; null at the end.
        var nextCursor: String?
    }

    /// A feed page: `data` and the paginator's `meta` (a visitor's tag
    /// feed has no `meta`: one page).
    struct Page: Decodable {
        var data: [Lossy<Video>]
        var meta: Meta?
    }

    /// `GET /api/v1/video/{id}` and `/api/v1/account/username/{name}`: one resource in `data`.
    struct One<Value: Decodable>: Decodable {
        var data: Value
    }

    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }
}
