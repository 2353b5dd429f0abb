import FeedDemo
import Foundation

/// A Lemmy instance on loopback, as its `post/list` answers: `!videos`
/// holds, on its first page, a video, a picture, a text post, a link to a
/// web page, `file:` and `javascript:` links, a PeerTube video on
/// `peerTube` and an HTML title marked NSFW; on its second, a video known
/// by its extension and a PeerTube video on a host that does not answer.
/// `!textonly` pages text posts for ever. `requests(of:)` counts a
/// community's pages. Handlers run on the server's thread.
public final class FakeLemmy: @unchecked Sendable {
    private let lock = NSLock()
    private var asked: [String: Int] = [:]
    /// The media origin's `http://127.0.0.1:PORT/`.
    public let mediaBase: String
    public let clips: [String]
    /// The PeerTube instance's `http://127.0.0.1:PORT` and its video's uuid.
    public let peerTube: String
    public static let peerTubeUUID = "9c9de5e8-0a1e-484a-b099-e80766180a6d"

    public init(mediaBase: String, clips: [String], peerTube: String) {
        self.mediaBase = mediaBase
        self.clips = clips
        self.peerTube = peerTube
    }

    public func requests(of community: String) -> Int { lock.withLock { asked[community] ?? 0 } }

    public func install(on server: MediaServer) {
        server.serveAnswers(at: "/api/v3/site") { _ in .init(status: 200, body: LemmyBodies.site) }
        server.serveAnswers(at: "/api/v3/post/list") { [self] request in
            let community = request.query["community_name"] ?? ""
            lock.withLock { asked[community, default: 0] += 1 }
            guard request.query["type_"] == "All", request.query["sort"] == "Active" else {
                return .init(status: 400, body: Data(#"{"error": "couldnt_get_posts"}"#.utf8))
            }
            switch (community, request.query["page_cursor"]) {
            case ("videos", nil), ("", nil):
                let uuid = Self.peerTubeUUID
                return .init(status: 200, body: LemmyBodies.posts([
                    LemmyBodies.post(101, name: "A harbour clip", url: clips[0], contentType: "video/mp4",
                                     body: "**Shot** at dawn <script>x</script>", thumbnail: "\(mediaBase)posters/101.jpg"),
                    LemmyBodies.post(102, name: "A picture", url: "\(mediaBase)pictures/cat-1.png", contentType: "image/png"),
                    LemmyBodies.post(103, name: "Just words", body: "No link here."),
                    LemmyBodies.post(104, name: "A news story", url: "https://news.example/story"),
                    LemmyBodies.post(105, name: "A local file", url: "file:///etc/passwd", contentType: "video/mp4"),
                    LemmyBodies.post(106, name: "A script", url: "javascript:alert(1)"),
                    LemmyBodies.post(107, name: "From PeerTube", url: "\(peerTube)/w/\(uuid)", embed: "\(peerTube)/videos/embed/\(uuid)",
                                     thumbnail: "\(peerTube)/lazy-static/thumbnails/\(uuid).jpg"),
                    LemmyBodies.post(108, name: "<i>Cats</i> &amp; dogs", url: clips[1], contentType: "video/mp4", nsfw: true),
                ], next: "Pc2"))
            case ("videos", "Pc2"), ("", "Pc2"):
                return .init(status: 200, body: LemmyBodies.posts([
                    LemmyBodies.post(109, name: "By its name", url: clips[2]),
                    LemmyBodies.post(110, name: "A dead instance", url: "http://127.0.0.1:1/w/\(Self.peerTubeUUID)"),
                ], next: nil))
            case ("textonly", let cursor):
                let page = Int(cursor?.dropFirst(2) ?? "0") ?? 0
                let posts = (0..<3).map { LemmyBodies.post(1_000 + page * 3 + $0, name: "Words \(page)-\($0)", body: "Text only.") }
                return .init(status: 200, body: LemmyBodies.posts(posts, next: "Pn\(page + 1)"))
            default:
                return .init(status: 404, body: Data(#"{"error": "couldnt_find_community"}"#.utf8))
            }
        }
    }
}
