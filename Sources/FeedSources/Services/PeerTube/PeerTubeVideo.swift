import Foundation

/// The shapes of PeerTube's REST API that Flick reads (`Video` in lists,
/// `VideoDetails` from `/api/v1/videos/{uuid}`), as the API reference
/// documents them; every other field is ignored. Pure; any thread.
enum PeerTubeAPI {
    /// `GET /api/v1/videos`, `/api/v1/search/videos`, a channel's or an
    /// account's videos: one page of the list.
    struct VideoList: Decodable {
        var total: Int?
        var data: [Lossy<Video>]
    }

    /// A playlist's page: each video under `video` (null once deleted).
    struct ElementList: Decodable {
        struct Element: Decodable { var video: Video? }
        var total: Int?
        var data: [Lossy<Element>]

        var videos: VideoList {
            VideoList(total: total, data: data.map { Lossy(value: $0.value?.video) })
        }
    }

    struct Account: Decodable {
        var name: String?
        var displayName: String?
        var host: String?
    }

    /// A video as lists give it: no files.
    struct Video: Decodable {
        var uuid: String
        var name: String?
        var isLive: Bool?
        var nsfw: Bool?
        var duration: Double?
        var likes: Int?
        var thumbnailPath: String?
        var previewPath: String?
        /// The video's web page.
        var url: String?
        var account: Account?
        /// The channel it was published in (the same fields as an account's);
        /// one that does not decode is left out, not the video.
        var channel: Lossy<Account>?
        /// When it was published (ISO 8601); a value of another type is left out, not the video.
        var publishedAt: Lossy<String>?
    }

    struct Resolution: Decodable {
        var id: Int?
    }

    /// One encoded file: progressive (`files`) or an HLS playlist's.
    struct VideoFile: Decodable {
        var fileUrl: String?
        var resolution: Resolution?
        /// PeerTube 6.1 and later.
        var width: Int?
        var height: Int?

        /// The file's height: `height`, else the resolution (PeerTube's
        /// resolution is the height of a landscape video).
        var pixelHeight: Int { height ?? resolution?.id ?? 0 }
    }

    struct StreamingPlaylist: Decodable {
        /// 1: HLS.
        var type: Int?
        var playlistUrl: String?
        var files: [Lossy<VideoFile>]?
    }

    /// `GET /api/v1/videos/{uuid}`: the list's fields, and the files.
    struct VideoDetails: Decodable {
        var video: Video
        var files: [Lossy<VideoFile>]?
        var streamingPlaylists: [Lossy<StreamingPlaylist>]?

        enum CodingKeys: String, CodingKey { case files, streamingPlaylists }

        init(from decoder: any Decoder) throws {
            video = try Video(from: decoder)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            files = try container.decodeIfPresent([Lossy<VideoFile>].self, forKey: .files)
            streamingPlaylists = try container.decodeIfPresent([Lossy<StreamingPlaylist>].self, forKey: .streamingPlaylists)
        }
    }

    /// `GET /api/v1/config`: enough to tell a PeerTube instance and name it.
    struct Config: Decodable {
        struct Instance: Decodable { var name: String? }
        var instance: Instance
        var serverVersion: String
    }
}
