import FeedDemo
import Foundation

/// A Pixelfed server on loopback, as its API controllers answer: the tag
/// timeline (403 to visitors when `visitorsRefused`), an account found by
/// search and its statuses, paged by `max_id` without a `Link` header;
/// `hls_manifest` only for requests with `_pe`. Page 1: a video whose HLS
/// playlist answers, a video whose playlist is gone (404, on the media
/// origin), a status of three pictures; page 2: a plain video. Handlers
/// run on the server's thread.
public final class FakePixelfed: @unchecked Sendable {
    /// The media origin's `http://127.0.0.1:PORT/` (videos, pictures, playlists).
    public let mediaBase: String
    public let clips: [String]
    public let visitorsRefused: Bool

    public init(mediaBase: String, clips: [String], visitorsRefused: Bool = false) {
        self.mediaBase = mediaBase
        self.clips = clips
        self.visitorsRefused = visitorsRefused
    }

    /// Adds the routes to `server`; `observe` sees every request first.
    public func install(on server: MediaServer, observe: @escaping @Sendable (MediaServer.PostRequest) -> Void = { _ in }) {
        let timeline: MediaServer.PostHandler = { [self] request in
            observe(request)
            if visitorsRefused, request.headers["Authorization"] == nil {
                return .init(status: 403, body: Data(#"{"error": "This action is unauthorized."}"#.utf8))
            }
            let extended = request.query["_pe"] != nil
            let statuses: [String]
            switch request.query["max_id"] {
            case nil:
                statuses = [
                    MastodonBodies.status("300", content: "<p>Harbour <b>at</b> dusk</p>", media: [PixelfedBodies.attachment(
                        "a300", type: "video", url: clips[0], hlsManifest: extended ? "\(mediaBase)hls/300/master.m3u8" : nil)]),
                    MastodonBodies.status("299", content: "<p>Gone playlist</p>", media: [PixelfedBodies.attachment(
                        "a299", type: "video", url: clips[1], hlsManifest: extended ? "\(mediaBase)hls/299/master.m3u8" : nil)]),
                    MastodonBodies.status("298", content: "<p>Three cats</p>", media: (1...3).map {
                        PixelfedBodies.attachment("p\($0)", type: "image", url: "\(mediaBase)pictures/cat-\($0).png")
                    }, sensitive: true),
                ]
            case "298":
                statuses = [MastodonBodies.status("297", content: "<p>Plain</p>",
                                                  media: [PixelfedBodies.attachment("a297", type: "video", url: clips[2])])]
            default:
                statuses = []
            }
            return .init(status: 200, body: Data("[\(statuses.joined(separator: ","))]".utf8))
        }
        server.serveAnswers(at: "/api/v1/timelines/tag/cats", timeline)
        server.serveAnswers(at: "/api/v1/accounts/55/statuses", timeline)
        server.serveAnswers(at: "/api/v1/accounts/search") { request in
            observe(request)
            return .init(status: 200, body: request.query["q"] == "ana" ? PixelfedBodies.searchResult(id: "55", username: "ana") : Data("[]".utf8))
        }
    }
}
