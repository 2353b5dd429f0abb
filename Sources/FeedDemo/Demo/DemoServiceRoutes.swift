import FeedMedia
import Foundation

/// The demo feed as a PeerTube instance and as a Mastodon hashtag, on the
/// same server and media: what `flick bench --source peertube|mastodon`
/// measures, in the shapes those APIs answer (PeerTube's video list, each
/// video's details, its config; Mastodon's tag timeline paged by `Link`).
/// PeerTube lists only the demo's videos; Mastodon shows every post.
extension DemoFeedServer {
    /// The Mastodon hashtag the demo answers for.
    public static let demoTag = "demo"
    /// Statuses' ids count down from here (newest first, as timelines go).
    static let statusBase = 1_000_000

    /// Adds PeerTube's routes; returns the address that opens them
    /// (`peertube:127.0.0.1:PORT`).
    @discardableResult
    public func installPeerTube(on server: MediaServer) throws(InstallError) -> String {
        guard let base = server.baseURL, let port = base.port else { throw .serverNotRunning }
        func url(_ path: String) -> String { base.absoluteString + path.dropFirst() }
        let videos = (1...max(1, itemCount)).compactMap { number -> Item? in
            let item = mediaItem(number: number, likes: number % 97, url: url)
            return item.type == "video" ? item : nil
        }
        let list: MediaServer.PostHandler = { request in
            let start = max(0, Int(request.query["start"] ?? "0") ?? 0)
            let count = min(100, max(1, Int(request.query["count"] ?? "15") ?? 15))
            let page = start < videos.count ? Array(videos[start..<min(videos.count, start + count)]) : []
            return .init(status: 200, body: Self.encoded(PeerTubeList(total: videos.count, data: page.map(PeerTubeVideo.init))))
        }
        server.serveAnswers(at: "/api/v1/search/videos", list)
        server.serveAnswers(at: "/api/v1/videos", list)
        for video in videos {
            let details = Self.encoded(PeerTubeVideo(video, withFiles: true))
            server.serveAnswers(at: "/api/v1/videos/\(video.id)") { _ in .init(status: 200, body: details) }
        }
        let config = Data(#"{"instance": {"name": "Flick demo"}, "serverVersion": "6.3.0"}"#.utf8)
        server.serveAnswers(at: "/api/v1/config") { _ in .init(status: 200, body: config) }
        return "peertube:127.0.0.1:\(port)"
    }

    /// Adds Mastodon's tag timeline; returns the address that opens it
    /// (`mastodon:127.0.0.1:PORT/tags/demo`).
    @discardableResult
    public func installMastodon(on server: MediaServer) throws(InstallError) -> String {
        guard let base = server.baseURL, let port = base.port else { throw .serverNotRunning }
        let url: @Sendable (String) -> String = { path in base.absoluteString + path.dropFirst() }
        let feed = self
        let path = "/api/v1/timelines/tag/\(Self.demoTag)"
        server.serveAnswers(at: path) { request in
            let limit = min(40, max(1, Int(request.query["limit"] ?? "20") ?? 20))
            let first = request.query["max_id"].flatMap(Int.init).map { Self.statusBase - $0 + 1 } ?? 1
            let numbers = Array(first..<min(feed.itemCount + 1, first + limit))
            let statuses = numbers.map { number in
                MastodonStatus(number: number, item: feed.mediaItem(number: number, likes: number % 97, url: url))
            }
            var headers: [String: String] = [:]
            if let last = numbers.last, last < feed.itemCount {
                headers["Link"] = "<\(url(path))?max_id=\(Self.statusBase - last)&only_media=true&limit=\(limit)>; rel=\"next\""
            }
            return .init(status: 200, body: Self.encoded(statuses), headers: headers)
        }
        return "mastodon:127.0.0.1:\(port)/tags/\(Self.demoTag)"
    }

    private static func encoded(_ value: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return (try? encoder.encode(value)) ?? Data("{}".utf8)
    }
}

// MARK: The answers' shapes (the fields Flick reads)

private struct PeerTubeList: Encodable {
    var total: Int
    var data: [PeerTubeVideo]
}

private struct PeerTubeVideo: Encodable {
    struct Account: Encodable { var name: String; var displayName: String }
    struct Resolution: Encodable { var id: Int; var label: String }
    struct File: Encodable { var fileUrl: String; var resolution: Resolution; var width: Int?; var height: Int? }
    struct Playlist: Encodable { var type: Int; var playlistUrl: String; var files: [File] }

    var uuid: String
    var name: String?
    var isLive = false
    var nsfw = false
    var duration: Double?
    var likes: Int?
    var previewPath: String?
    var thumbnailPath: String?
    var url: String
    var account = Account(name: "demo", displayName: "Flick demo")
    var files: [File]?
    var streamingPlaylists: [Playlist]?

    init(_ item: FeedPageJSON.Item) { self.init(item, withFiles: false) }

    init(_ item: FeedPageJSON.Item, withFiles: Bool) {
        uuid = item.id
        name = item.title
        duration = item.duration
        likes = item.likes
        previewPath = item.poster
        thumbnailPath = item.poster
        url = "https://demo.invalid/w/\(item.id)"
        guard withFiles else { return }
        let height = item.height ?? 0
        let file = File(fileUrl: item.uri, resolution: Resolution(id: height, label: "\(height)p"), width: item.width, height: item.height)
        if item.uri.hasSuffix(".m3u8") {
            files = []
            streamingPlaylists = [Playlist(type: 1, playlistUrl: item.uri, files: [])]
        } else {
            files = [file]
            streamingPlaylists = []
        }
    }
}

private struct MastodonStatus: Encodable {
    struct Account: Encodable {
        var displayName = "Flick demo"
        var acct = "demo"
        enum CodingKeys: String, CodingKey { case displayName = "display_name", acct }
    }
    struct Size: Encodable { var width: Int?; var height: Int?; var duration: Double? }
    struct Meta: Encodable { var original: Size }
    struct Attachment: Encodable {
        var id: String
        var type: String
        var url: String
        var previewUrl: String?
        var description: String?
        var meta: Meta
        enum CodingKeys: String, CodingKey { case id, type, url, previewUrl = "preview_url", description, meta }
    }

    var id: String
    var url: String
    var sensitive = false
    var spoilerText = ""
    var content: String
    var account = Account()
    var favouritesCount: Int
    var mediaAttachments: [Attachment]

    enum CodingKeys: String, CodingKey {
        case id, url, sensitive, content, account
        case spoilerText = "spoiler_text", favouritesCount = "favourites_count", mediaAttachments = "media_attachments"
    }

    init(number: Int, item: FeedPageJSON.Item) {
        id = "\(DemoFeedServer.statusBase - number)"
        url = "https://demo.invalid/@demo/\(id)"
        content = "<p>\(item.title ?? "Post \(number)")</p>"
        favouritesCount = item.likes ?? 0
        mediaAttachments = [Attachment(id: item.id, type: item.type == "image" ? "image" : "video", url: item.uri,
                                       previewUrl: item.poster, description: item.accessibilityLabel,
                                       meta: Meta(original: Size(width: item.width, height: item.height, duration: item.duration)))]
    }
}
