import Foundation

/// Lemmy answers in the shapes its API client's types give them
/// (`GetPostsResponse`, `PostView`, `Post`, `Person`, `Community`,
/// `PostAggregates`), fields Flick ignores included.
public enum LemmyBodies {
    public static func post(_ id: Int, name: String, url: String? = nil, contentType: String? = nil, embed: String? = nil,
                            body: String? = nil, nsfw: Bool = false, thumbnail: String? = nil) -> String {
        func field(_ key: String, _ value: String?) -> String { value.map { #", "\#(key)": "\#($0)""# } ?? "" }
        return """
        {"post": {"id": \(id), "name": "\(name)"\(field("url", url))\(field("body", body)), "creator_id": 8, "community_id": 3,
          "removed": false, "locked": false, "published": "2026-11-30T10:00:00Z", "deleted": false, "nsfw": \(nsfw)
          \(field("thumbnail_url", thumbnail))\(field("embed_video_url", embed))\(field("url_content_type", contentType)),
          "ap_id": "https://lemmy.example/post/\(id)", "local": true, "language_id": 0, "featured_community": false,
          "featured_local": false},
         "creator": {"id": 8, "name": "sam", "display_name": "Sam Rivera", "banned": false, "published": "2024-01-01T00:00:00Z",
          "actor_id": "https://lemmy.example/u/sam", "local": true, "deleted": false, "bot_account": false, "instance_id": 1},
         "community": {"id": 3, "name": "videos", "title": "Videos", "removed": false, "published": "2024-01-01T00:00:00Z",
          "deleted": false, "nsfw": false, "actor_id": "https://lemmy.example/c/videos", "local": true, "hidden": false,
          "posting_restricted_to_mods": false, "instance_id": 1, "visibility": "Public"},
         "creator_banned_from_community": false, "banned_from_community": false, "creator_is_moderator": false,
         "creator_is_admin": false,
         "counts": {"post_id": \(id), "comments": 2, "score": 14, "upvotes": 15, "downvotes": 1,
          "published": "2026-11-30T10:00:00Z", "newest_comment_time": "2026-11-30T11:00:00Z"},
         "subscribed": "NotSubscribed", "saved": false, "read": false, "hidden": false, "creator_blocked": false,
         "unread_comments": 0}
        """
    }

    public static func posts(_ posts: [String], next: String?) -> Data {
        Data(#"{"posts": [\#(posts.joined(separator: ","))]\#(next.map { #", "next_page": "\#($0)""# } ?? "")}"#.utf8)
    }

    public static let site = Data(#"{"site_view": {"site": {"id": 1, "name": "Lemmy Example", "published": "2024-01-01T00:00:00Z", "actor_id": "https://lemmy.example/", "instance_id": 1}, "local_site": {"id": 1}, "counts": {"users": 3}}, "admins": [], "version": "0.19.9", "all_languages": [], "discussion_languages": [], "taglines": [], "custom_emojis": [], "blocked_urls": []}"#.utf8)
}
