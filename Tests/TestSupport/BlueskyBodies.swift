import Foundation

/// Bluesky AppView answers in the shapes the AT Protocol lexicons define
/// (`app.bsky.feed.defs#feedViewPost` and `#postView`, the
/// `app.bsky.embed.*#view`s, `app.bsky.actor.defs#profileViewBasic`,
/// `com.atproto.label.defs#label`), fields Flick ignores included: what
/// the tests serve on loopback.
public enum BlueskyBodies {
    /// The DID the fake gives `handle`.
    public static func did(_ handle: String) -> String {
        "did:plc:" + String(handle.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.map(Character.init)).lowercased()
    }

    public static func profile(_ handle: String, display: String?, labels: [String] = []) -> String {
        let profileURI = "at://\(did(handle))/app.bsky.actor.profile/self"
        let named = display.map { "\"displayName\": \"\($0)\", " } ?? ""
        let labelList = labels.map { label($0, on: profileURI) }.joined(separator: ",")
        return """
        {"did": "\(did(handle))", "handle": "\(handle)", \(named)\
        "avatar": "https://cdn.bsky.example/img/avatar/plain/\(did(handle))/bafkav@jpeg",
        "associated": {"chat": {"allowIncoming": "following"}}, "viewer": {"muted": false, "blockedBy": false},
        "labels": [\(labelList)],
        "createdAt": "2024-02-01T10:00:00.000Z"}
        """
    }

    public static func label(_ value: String, on uri: String, negated: Bool = false) -> String {
        """
        {"ver": 1, "src": "did:plc:ar7c4by46qjdydhdevvrndac", "uri": "\(uri)", "val": "\(value)",\(negated ? #" "neg": true,"# : "") "cts": "2026-11-30T10:00:00.000Z"}
        """
    }

    /// An `app.bsky.embed.video#view`.
    public static func video(playlist: String, thumbnail: String? = nil, alt: String? = nil,
                             ratio: (Int, Int)? = (9, 16), gif: Bool = false) -> String {
        """
        {"$type": "app.bsky.embed.video#view", "cid": "bafkreivideo", "playlist": "\(playlist)"\
        \(thumbnail.map { ", \"thumbnail\": \"\($0)\"" } ?? "")\(alt.map { ", \"alt\": \"\($0)\"" } ?? "")\
        \(ratio.map { ", \"aspectRatio\": {\"width\": \($0.0), \"height\": \($0.1)}" } ?? "")\(gif ? ", \"presentation\": \"gif\"" : "")}
        """
    }

    /// An `app.bsky.embed.images#view` of `urls`.
    public static func images(_ urls: [String], alt: String = "") -> String {
        let images = urls.map { url in
            """
            {"thumb": "\(url)?thumb", "fullsize": "\(url)", "alt": "\(alt)", "aspectRatio": {"width": 1200, "height": 1600}}
            """
        }
        return #"{"$type": "app.bsky.embed.images#view", "images": [\#(images.joined(separator: ","))]}"#
    }

    /// An `app.bsky.embed.recordWithMedia#view`: a quoted post beside `media`.
    public static func recordWithMedia(_ media: String) -> String {
        """
        {"$type": "app.bsky.embed.recordWithMedia#view", "media": \(media),
         "record": {"record": {"$type": "app.bsky.embed.record#viewNotFound", "uri": "at://did:plc:gone/app.bsky.feed.post/3k", "notFound": true}}}
        """
    }

    /// An `app.bsky.embed.external#view` (a link card: no media Flick shows).
    public static let external = """
        {"$type": "app.bsky.embed.external#view", "external": {"uri": "https://example.org/a", "title": "A", "description": "B"}}
        """

    /// A `postView` by `handle` with record key `rkey`; `embed` nil for a text-only post.
    public static func post(_ rkey: String, by handle: String, display: String? = "Ana Lima", text: String,
                            embed: String?, labels: [String] = [], negatedLabels: [String] = [],
                            authorLabels: [String] = [], likes: Int = 9,
                            likedBy like: String? = nil, captions: [(lang: String, cid: String)] = []) -> String {
        let uri = "at://\(did(handle))/app.bsky.feed.post/\(rkey)"
        let captionList = captions.map { #"{"lang": "\#($0.lang)", "file": {"$type": "blob", "ref": {"$link": "\#($0.cid)"}, "mimeType": "text/vtt", "size": 120}}"# }
        let recordEmbed = captions.isEmpty ? "" : #", "embed": {"$type": "app.bsky.embed.video", "video": {"$type": "blob", "ref": {"$link": "bafkreivideo"}, "mimeType": "video/mp4", "size": 1000}, "captions": [\#(captionList.joined(separator: ","))]}"#
        return """
        {"uri": "\(uri)", "cid": "bafyrei\(rkey)", "author": \(profile(handle, display: display, labels: authorLabels)),
         "record": {"$type": "app.bsky.feed.post", "text": "\(text)", "createdAt": "2026-11-30T10:00:00.000Z", "langs": ["en"]\(recordEmbed)},
         \(embed.map { "\"embed\": \($0)," } ?? "")
         "bookmarkCount": 0, "replyCount": 1, "repostCount": 2, "likeCount": \(likes), "quoteCount": 0,
         "indexedAt": "2026-11-30T10:00:01.000Z",
         "viewer": {\(like.map { "\"like\": \"\($0)\", " } ?? "")"threadMuted": false, "embeddingDisabled": false},
         "labels": [\((labels.map { label($0, on: uri) } + negatedLabels.map { label($0, on: uri, negated: true) }).joined(separator: ","))]}
        """
    }

    /// A `feedViewPost`; `repostedBy` makes it a repost by that handle.
    public static func entry(_ post: String, repostedBy: String? = nil) -> String {
        guard let repostedBy else { return #"{"post": \#(post)}"# }
        return """
        {"post": \(post), "reason": {"$type": "app.bsky.feed.defs#reasonRepost", "by": \(profile(repostedBy, display: "Bo")),
         "indexedAt": "2026-11-30T11:00:00.000Z"}}
        """
    }

    /// A feed answer (`getAuthorFeed`, `getFeed`, `getTimeline`).
    public static func page(_ entries: [String], cursor: String?) -> Data {
        Data(#"{\#(cursor.map { "\"cursor\": \"\($0)\", " } ?? "")"feed": [\#(entries.joined(separator: ","))]}"#.utf8)
    }
}
