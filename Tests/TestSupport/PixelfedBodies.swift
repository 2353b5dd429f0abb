import Foundation

/// Pixelfed answers: Mastodon's `Status` as its API transformers give it,
/// media with Pixelfed's extras (`mime`, `is_nsfw`, and with `_pe=1` the
/// `hls_manifest` of a transcoded video).
public enum PixelfedBodies {
    public static func attachment(_ id: String, type: String, url: String, hlsManifest: String? = nil) -> String {
        var body = MastodonBodies.attachment(id, type: type, url: url, preview: type == "video" ? "\(url).jpg" : nil)
        body.removeLast() // the closing brace
        let mime = type == "video" ? "video/mp4" : "image/png"
        body += #", "mime": "\#(mime)", "is_nsfw": false, "license": null, "orientation": null, "filter_name": null"#
        if let hlsManifest { body += #", "hls_manifest": "\#(hlsManifest)""# }
        return body + "}"
    }

    /// `GET /api/v1/accounts/search`: the account found.
    public static func searchResult(id: String, username: String) -> Data {
        Data(#"[{"id": "\#(id)", "username": "\#(username)", "acct": "\#(username)", "display_name": "Ana Lima", "locked": false, "url": "https://pixelfed.example/\#(username)"}]"#.utf8)
    }
}
