import Foundation

/// PeerTube answers in the shapes its REST API reference documents
/// (`VideoListResponse`, `VideoDetails`, `ServerConfig`), fields Flick
/// ignores included: what the tests and the bench serve on loopback.
public enum PeerTubeBodies {
    /// A `Video` as lists give it.
    public static func video(_ uuid: String, name: String, live: Bool = false, nsfw: Bool = false) -> String {
        """
        {"id": 12, "uuid": "\(uuid)", "shortUUID": "s\(uuid.prefix(6))", "isLive": \(live), "name": "\(name)",
         "category": {"id": 15, "label": "Science & Technology"}, "licence": {"id": 1, "label": "Attribution"},
         "language": {"id": "en", "label": "English"}, "privacy": {"id": 1, "label": "Public"}, "nsfw": \(nsfw),
         "truncatedDescription": "A short one.", "description": "A short one.", "isLocal": true, "duration": 14,
         "views": 120, "viewers": 0, "likes": 7, "dislikes": 0,
         "thumbnailPath": "/lazy-static/thumbnails/\(uuid).jpg", "previewPath": "/lazy-static/previews/\(uuid).jpg",
         "embedPath": "/videos/embed/\(uuid)", "url": "https://peertube.example/w/s\(uuid.prefix(6))",
         "createdAt": "2026-11-30T10:00:00.000Z", "publishedAt": "2026-11-30T10:00:00.000Z",
         "account": {"id": 3, "name": "ana", "displayName": "Ana Lima", "url": "https://peertube.example/accounts/ana",
                     "host": "peertube.example", "avatars": []},
         "channel": {"id": 4, "name": "ana_channel", "displayName": "Ana's clips", "host": "peertube.example"}}
        """
    }

    /// One list page of `videos` (already JSON) out of `total`.
    public static func list(_ videos: [String], total: Int) -> Data {
        Data(#"{"total": \#(total), "data": [\#(videos.joined(separator: ","))]}"#.utf8)
    }

    /// A `VideoFile` of the root `files`.
    public static func file(_ url: String, resolution: Int, height: Int? = nil) -> String {
        let size = height.map { #", "width": \#($0 * 9 / 16), "height": \#($0)"# } ?? ""
        return """
        {"id": \(resolution), "resolution": {"id": \(resolution), "label": "\(resolution)p"}, "size": 1234567,
         "torrentUrl": "https://peertube.example/lazy-static/torrents/x-\(resolution).torrent",
         "magnetUri": "magnet:?xt=urn:btih:0123456789abcdef0123456789abcdef01234567",
         "fileUrl": "\(url)", "fileDownloadUrl": "\(url)?download=1", "fps": 30,
         "metadataUrl": "https://peertube.example/api/v1/videos/x/metadata/1"\(size)}
        """
    }

    /// `VideoDetails`: the list fields plus `files` and `streamingPlaylists`.
    public static func details(_ uuid: String, name: String, files: [String], hls: String? = nil, live: Bool = false,
                        nsfw: Bool = false) -> Data {
        var body = video(uuid, name: name, live: live, nsfw: nsfw)
        body.removeLast() // the closing brace
        let playlists = hls.map { url in
            #"[{"id": 9, "type": 1, "playlistUrl": "\#(url)", "segmentsSha256Url": "\#(url).sha256.json", "files": [\#(file(url, resolution: 720))], "redundancies": []}]"#
        } ?? "[]"
        body += """
        , "support": null, "descriptionPath": "/api/v1/videos/\(uuid)/description", "tags": ["clip"],
          "commentsEnabled": true, "downloadEnabled": true, "waitTranscoding": true,
          "state": {"id": 1, "label": "Published"}, "trackerUrls": [],
          "files": [\(files.joined(separator: ","))], "streamingPlaylists": \(playlists)}
        """
        return Data(body.utf8)
    }

    public static let config = Data("""
    {"instance": {"name": "Clips of the Harbour", "shortDescription": "Short videos.", "isNSFW": false,
      "defaultNSFWPolicy": "blur", "defaultClientRoute": "/videos/trending", "customizations": {"javascript": "", "css": ""}},
     "search": {"remoteUri": {"users": true, "anonymous": false}}, "plugin": {"registered": []},
     "serverVersion": "6.3.2", "serverCommit": "abc", "signup": {"allowed": false}}
    """.utf8)
}
