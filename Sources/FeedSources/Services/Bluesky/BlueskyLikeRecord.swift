import FeedCore
import Foundation

/// A like on Bluesky as the lexicons write it: an `app.bsky.feed.like`
/// record in the user's repository whose subject is the post's URI and
/// CID (`com.atproto.repo.createRecord`), deleted by its record key
/// (`com.atproto.repo.deleteRecord`). Pure; any thread.
enum BlueskyLikeRecord {
    static let collection = "app.bsky.feed.like"

    /// The request body: a create for `liked`, else a delete of
    /// `record.like`; nil when a part is missing or not of its syntax.
    static func body(liked: Bool, postURI: String, record: ServiceRecord?, repo: String, now: Date = Date()) -> Data? {
        guard BlueskyAddress.isDID(repo) else { return nil }
        let object: [String: Any]
        if liked {
            guard isPostURI(postURI), let cid = record?.cid, BlueskyBlob.isCID(cid) else { return nil }
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            object = ["repo": repo, "collection": collection,
                      "record": ["$type": collection, "subject": ["uri": postURI, "cid": cid],
                                 "createdAt": formatter.string(from: now)]]
        } else {
            guard let like = record?.like, let rkey = rkey(of: like, repo: repo) else { return nil }
            object = ["repo": repo, "collection": collection, "rkey": rkey]
        }
        return try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    }

    /// The like record a create answered with (`{"uri", "cid"}`), when it
    /// is one of `repo`'s likes.
    static func made(_ body: Data, repo: String?) -> String? {
        struct Answer: Decodable { var uri: String }
        guard let repo, let answer = try? JSONDecoder().decode(Answer.self, from: body),
              rkey(of: answer.uri, repo: repo) != nil else { return nil }
        return answer.uri
    }

    /// `at://DID/app.bsky.feed.post/RKEY`.
    static func isPostURI(_ uri: String) -> Bool {
        BlueskyAddress.recordURI(uri)?.collection == "app.bsky.feed.post"
    }

    /// The record key of `uri` when it is a like, `at://REPO/app.bsky.feed.like/RKEY`
    /// (in `repo`'s repository when one is given).
    static func rkey(of uri: String, repo: String? = nil) -> String? {
        guard let record = BlueskyAddress.recordURI(uri), record.collection == collection,
              repo == nil || record.repo == repo else { return nil }
        return record.rkey
    }
}
