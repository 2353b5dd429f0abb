import Foundation

/// Loops answers in the shapes its server's resources give them
/// (`VideoResource`, `ProfileResource`, the cursor paginator's `links`
/// and `meta`), fields Flick ignores included.
public enum LoopsBodies {
    /// A `VideoResource`; `src` nil leaves `media.src_url` out (a visitor's tag feed).
    public static func video(_ id: String, src: String?, caption: String = "A loop", liked: Bool = false, likes: Int = 12,
                             sensitive: Bool = false, user: String = "dana") -> String {
        let source = src.map { "\"src_url\": \"\($0)\", " } ?? ""
        return """
        {"id": "\(id)", "account": {"id": "411", "name": "Dana", "display_name": "Dana", "username": "\(user)",
         "avatar": "https://loops.example/storage/avatars/default.jpg"},
         "caption": "\(caption)", "url": "https://loops.example/v/\(id)", "is_owner": false, "is_sensitive": \(sensitive),
         "media": {"thumbnail": "https://loops.example/storage/t/\(id).jpg", \(source)"hls_url": null,
                   "alt_text": "Alt for \(id)", "duration": 9, "width": 720, "height": 1280},
         "pinned": false, "likes": \(likes), "shares": 0, "comments": 1, "bookmarks": 0, "has_liked": \(liked),
         "has_bookmarked": false, "is_edited": false, "lang": "en", "tags": ["cats"], "mentions": [],
         "permissions": {"can_comment": true, "can_download": false, "can_duet": true, "can_stitch": true},
         "audio": {"has_audio": true, "id": "at:\(id)", "count": 0, "key": "k", "sound_id": null},
         "meta": {"contains_ai": false, "contains_ad": false}, "created_at": "2026-11-30T10:00:00+00:00"}
        """
    }

    /// A cursor-paginated collection: `data`, `links`, and `meta.next_cursor`.
    public static func page(_ videos: [String], next: String?, path: String = "https://loops.example/api/v1/feed") -> Data {
        let cursor = next.map { "\"\($0)\"" } ?? "null"
        return Data("""
        {"data": [\(videos.joined(separator: ","))], "links": {"first": null, "last": null, "prev": null, "next": null},
         "meta": {"path": "\(path)", "per_page": \(videos.count), "next_cursor": \(cursor), "prev_cursor": null}}
        """.utf8)
    }

    /// A resource collection without pagination (a visitor's tag feed): `data` only.
    public static func unpaged(_ videos: [String]) -> Data {
        Data(#"{"data": [\#(videos.joined(separator: ","))]}"#.utf8)
    }

    /// `GET /api/v1/account/username/NAME` and `/api/v1/account/info/self`.
    public static func profile(id: String, username: String, name: String) -> Data {
        Data("""
        {"data": {"id": "\(id)", "name": "\(name)", "avatar": "https://loops.example/storage/avatars/default.jpg",
         "username": "\(username)", "is_owner": false, "local": true, "bio": "", "post_count": 6,
         "follower_count": 3, "following_count": 2, "url": "https://loops.example/@\(username)", "remote_url": null,
         "is_blocking": null, "manually_approves_followers": false, "links": [], "likes_count": 40}}
        """.utf8)
    }
}
