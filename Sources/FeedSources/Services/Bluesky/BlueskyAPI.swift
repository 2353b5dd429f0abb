import Foundation

/// The shapes of Bluesky's AppView answers that Flick reads, as the AT
/// Protocol lexicons define them (`app.bsky.feed.defs#feedViewPost`,
/// `#postView`, the `app.bsky.embed.*#view`s, `app.bsky.actor.defs#profileViewBasic`,
/// `com.atproto.label.defs#label`); every other field is ignored. Pure; any thread.
enum BlueskyAPI {
    /// `getAuthorFeed`, `getFeed` and `getTimeline` answer with one of these.
    struct FeedPage: Decodable {
        var cursor: String?
        var feed: [Lossy<FeedViewPost>]
    }

    struct FeedViewPost: Decodable {
        var post: PostView
        /// `#reasonRepost` (who reposted it) or `#reasonPin`.
        var reason: Reason?
    }

    struct Reason: Decodable {
        var type: String
        var by: Profile?

        enum CodingKeys: String, CodingKey {
            case type = "$type"
            case by
        }
    }

    struct PostView: Decodable {
        /// `at://DID/app.bsky.feed.post/RKEY`.
        var uri: String
        var cid: String
        var author: Profile
        var record: PostRecord?
        var embed: Embed?
        var likeCount: Int?
        var viewer: Viewer?
        var labels: [Lossy<Label>]?
    }

    /// `app.bsky.actor.defs#profileViewBasic`.
    struct Profile: Decodable {
        var did: String
        var handle: String
        var displayName: String?
        var labels: [Lossy<Label>]?
    }

    /// The post record itself (`app.bsky.feed.post`): its text, and the
    /// video's caption files, which only the record names.
    struct PostRecord: Decodable {
        var text: String?
        var embed: RecordEmbed?
    }

    /// A record's embed, as far as captions go: a video's (or a
    /// record-with-media's video's) `captions`.
    struct RecordEmbed: Decodable {
        var captions: [Lossy<Caption>]?
        var media: RecordMedia?
    }

    struct RecordMedia: Decodable {
        var captions: [Lossy<Caption>]?
    }

    /// `app.bsky.embed.video#caption`: a WebVTT blob and its language.
    struct Caption: Decodable {
        var lang: String
        var file: Blob
    }

    /// A blob reference: `{"$type": "blob", "ref": {"$link": CID}, "mimeType": …, "size": …}`.
    struct Blob: Decodable {
        var ref: Link

        struct Link: Decodable {
            var link: String

            enum CodingKeys: String, CodingKey { case link = "$link" }
        }
    }

    struct Viewer: Decodable {
        /// The user's like record, when they liked the post (an AT URI).
        var like: String?
    }

    /// `com.atproto.label.defs#label`.
    struct Label: Decodable {
        var val: String
        /// A negation: it takes an earlier label away.
        var neg: Bool?
    }

    /// One of the post's embed views, told by its `$type`. A
    /// record-with-media's `media` is read as a ``Media`` (which has no
    /// `media` of its own), so nesting stops where the lexicon does.
    struct Embed: Decodable {
        var type: String
        var content: Media
        var media: Media?

        enum CodingKeys: String, CodingKey {
            case type = "$type"
            case media
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            type = try container.decode(String.self, forKey: .type)
            content = try Media(from: decoder)
            media = try? container.decodeIfPresent(Media.self, forKey: .media)
        }
    }

    /// An images, gallery, video or external view; the fields of the one
    /// its `$type` names are set.
    struct Media: Decodable {
        var type: String
        /// `app.bsky.embed.images#view`.
        var images: [Lossy<ViewImage>]?
        /// `app.bsky.embed.gallery#view`.
        var items: [Lossy<ViewImage>]?
        /// `app.bsky.embed.video#view`: an HLS master playlist.
        var playlist: String?
        var thumbnail: String?
        var alt: String?
        var aspectRatio: AspectRatio?
        /// `default` or `gif` (a looping clip without sound).
        var presentation: String?

        enum CodingKeys: String, CodingKey {
            case type = "$type"
            case images, items, playlist, thumbnail, alt, aspectRatio, presentation
        }
    }

    /// `app.bsky.embed.images#viewImage` (and the gallery's).
    struct ViewImage: Decodable {
        var fullsize: String
        var alt: String?
        var aspectRatio: AspectRatio?
    }

    /// `app.bsky.embed.defs#aspectRatio`: width to height, not pixels.
    struct AspectRatio: Decodable {
        var width: Int
        var height: Int
    }

    /// An XRPC error answer: `{"error": "AuthRequired", "message": "…"}`.
    struct ErrorAnswer: Decodable {
        var error: String
        var message: String?
    }

    /// `com.atproto.identity.resolveHandle`'s answer.
    struct ResolvedHandle: Decodable {
        var did: String
    }
}
