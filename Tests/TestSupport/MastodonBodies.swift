import Foundation

/// Mastodon answers in the shapes its API documentation gives (`Status`,
/// `MediaAttachment`, `Instance`), fields Flick ignores included: what the tests and the bench serve on loopback.
public enum MastodonBodies {
    public static func account(_ name: String, display: String) -> String {
        """
        {"id": "1090", "username": "\(name)", "acct": "\(name)@other.example", "display_name": "\(display)",
         "locked": false, "bot": false, "discoverable": true, "group": false, "created_at": "2024-01-01T00:00:00.000Z",
         "note": "<p>Hi</p>", "url": "https://other.example/@\(name)", "avatar": "https://other.example/a.png",
         "avatar_static": "https://other.example/a.png", "header": "", "header_static": "", "followers_count": 3,
         "following_count": 4, "statuses_count": 5, "last_status_at": "2026-11-30", "emojis": [], "fields": []}
        """
    }

    public static func attachment(_ id: String, type: String, url: String, preview: String? = nil,
                           description: String? = nil) -> String {
        let meta = type == "image"
            ? #"{"original": {"width": 1080, "height": 1350, "size": "1080x1350", "aspect": 0.8}, "small": {"width": 400, "height": 500}}"#
            : #"{"length": "0:00:12.00", "duration": 12.0, "fps": 30, "original": {"width": 720, "height": 1280, "frame_rate": "30/1", "duration": 12.0, "bitrate": 1200000}}"#
        return """
        {"id": "\(id)", "type": "\(type)", "url": "\(url)", "preview_url": \(preview.map { "\"\($0)\"" } ?? "null"),
         "remote_url": null, "preview_remote_url": null, "text_url": null, "meta": \(meta),
         "description": \(description.map { "\"\($0)\"" } ?? "null"), "blurhash": "UeKUpFxuo~R%0nW;WCnhF6RjaJt757oJodS$"}
        """
    }

    public static func status(_ id: String, content: String, media: [String], sensitive: Bool = false,
                       spoiler: String = "", reblog: String? = nil) -> String {
        """
        {"id": "\(id)", "created_at": "2026-11-30T10:00:00.000Z", "in_reply_to_id": null, "in_reply_to_account_id": null,
         "sensitive": \(sensitive), "spoiler_text": "\(spoiler)", "visibility": "public", "language": "en",
         "uri": "https://other.example/users/ana/statuses/\(id)", "url": "https://other.example/@ana/\(id)",
         "replies_count": 0, "reblogs_count": 1, "favourites_count": 9, "edited_at": null,
         "content": "\(content)", "reblog": \(reblog ?? "null"),
         "application": null, "account": \(account("ana", display: "Ana Lima")),
         "media_attachments": [\(media.joined(separator: ","))], "mentions": [], "tags": [{"name": "cats", "url": "https://x/tags/cats"}],
         "emojis": [], "card": null, "poll": null}
        """
    }

    public static let instance = Data("""
    {"domain": "mastodon.example", "title": "Mastodon Example", "version": "4.3.1", "source_url": "https://github.com/mastodon/mastodon",
     "description": "A server.", "usage": {"users": {"active_month": 10}}, "thumbnail": {"url": "https://x/t.png"},
     "languages": ["en"], "configuration": {"urls": {"streaming": "wss://mastodon.example"}},
     "registrations": {"enabled": false, "approval_required": false}, "contact": {"email": "a@b.example"}, "rules": []}
    """.utf8)
}
