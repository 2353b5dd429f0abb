import Foundation

/// The shapes of Mastodon's REST API that Flick reads (`Status`,
/// `MediaAttachment`, `Instance`), as its documentation gives them; every
/// other field is ignored. Decoded with snake_case keys. Pure; any thread.
enum MastodonAPI {
    struct Account: Decodable {
        var displayName: String?
        var username: String?
        var acct: String?
    }

    struct Size: Decodable {
        var width: Int?
        var height: Int?
        var duration: Double?
    }

    struct Meta: Decodable {
        var original: Size?
    }

    struct MediaAttachment: Decodable {
        var id: String
        /// image, gifv, video, audio or unknown.
        var type: String
        var url: String?
        var previewUrl: String?
        var remoteUrl: String?
        var description: String?
        var meta: Meta?
        /// Pixelfed, asked with `_pe=1`: the video's HLS playlist.
        var hlsManifest: String?
    }

    /// A status without its boost (a boost's `reblog` is one of these).
    struct StatusBody: Decodable {
        var id: String
        var url: String?
        var sensitive: Bool?
        var spoilerText: String?
        var content: String?
        var account: Account?
        var favouritesCount: Int?
        /// Present when read with an account: whether that user favourited it.
        var favourited: Bool?
        var mediaAttachments: [Lossy<MediaAttachment>]?
        /// When it was posted (RFC 3339); a value of another type is left out, not the status.
        var createdAt: Lossy<String>?
    }

    /// A status of a timeline; a boost shows the boosted status.
    struct Status: Decodable {
        var body: StatusBody
        var reblog: StatusBody?

        enum CodingKeys: String, CodingKey { case reblog }

        init(from decoder: any Decoder) throws {
            body = try StatusBody(from: decoder)
            reblog = try? decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(StatusBody.self, forKey: .reblog)
        }

        var shown: StatusBody { reblog ?? body }
    }

    /// `GET /api/v2/instance`: enough to tell a Mastodon server and name it.
    struct Instance: Decodable {
        var domain: String
        var version: String
        var title: String?
    }

    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }
}
