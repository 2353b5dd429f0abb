import FeedCore
import FeedGObject
import Foundation

/// Reads one page of a Bluesky feed (`getAuthorFeed`, `getFeed`,
/// `getTimeline`: a `cursor` and a `feed` of `feedViewPost`s) as a feed
/// page. Pure; any thread.
///
/// A post's `app.bsky.embed.video#view` is a video post: its `playlist`
/// (an HLS master) plays, `thumbnail` is the poster, `aspectRatio` sizes
/// the page, `alt` is the screen reader's label, a `gif` presentation
/// loops without sound. `app.bsky.embed.images#view` (and the gallery's)
/// gives one photo post per picture, "2 of 4" under the caption. The same
/// inside a `recordWithMedia#view`'s `media`. The record's text is the
/// caption, the author's name and handle the author, a repost says who
/// reposted it. The labels `porn`, `sexual`, `nudity` and `graphic-media`
/// on the post or its author make it sensitive. Posts without media, and
/// embeds Flick does not know, are left out with their reason. The next
/// page is the same request with the answer's `cursor`.
enum BlueskyDocument {
    /// The posts asked for per page.
    static let pageSize = 30
    /// Labels that hide a post behind the sensitive cover.
    static let sensitiveLabels: Set = ["porn", "sexual", "nudity", "graphic-media"]

    static func parse(_ data: Data, pageURL: URL, knownIDs: Set<String>) throws(FeedLoadError) -> FeedPage {
        guard data.count <= ServicePost.maxPageBytes else { throw .tooLarge(bytes: data.count, limit: ServicePost.maxPageBytes) }
        let answer: BlueskyAPI.FeedPage
        do {
            answer = try JSONDecoder().decode(BlueskyAPI.FeedPage.self, from: data)
        } catch {
            throw JSONSyntax.problem(in: data).map(FeedLoadError.notJSON)
                ?? .schema(tr("the answer is not a Bluesky feed (a \"feed\" of posts)"))
        }
        guard answer.feed.count <= FeedDocument.maxItems else {
            throw .tooManyItems(count: answer.feed.count, limit: FeedDocument.maxItems)
        }
        var page = FeedPage(items: [])
        var ids = Set<String>()
        for (index, slot) in answer.feed.enumerated() {
            guard let entry = slot.value else {
                page.skipped.append(SkippedFeedItem(index: index, id: nil, reason: .notAnObject))
                continue
            }
            switch posts(of: entry) {
            case .failure(let reason):
                page.skipped.append(SkippedFeedItem(index: index, id: entry.post.uri, reason: reason))
            case .success(let posts):
                let captions = posts.count == 1 && posts[0].kind == .video ? captionTracks(of: entry.post) : []
                let liking = likeTarget(of: entry.post)
                for post in posts {
                    switch post.validated(pageURL: pageURL) {
                    case .failure(let reason):
                        page.skipped.append(SkippedFeedItem(index: index, id: post.id, reason: reason))
                    case .success(var (item, extras)):
                        // Blobs until the source knows the author's PDS (``BlueskyBlob``).
                        item.captions = captions
                        extras.servicePostID = liking?.postID
                        extras.serviceRecord = liking?.record
                        page.admit(item, extras: extras, index: index, knownIDs: knownIDs, seen: &ids)
                    }
                }
            }
        }
        if let cursor = answer.cursor, !cursor.isEmpty {
            // The cursor goes back into a URL: the same bounds as an address.
            if cursor.utf8.count <= FeedValueRules.maxURLBytes, !FeedValueRules.hasControlCharacter(cursor) {
                page.next = .cursor(cursor)
            } else {
                page.unusableNext = String(cursor.unicodeScalars.prefix(200))
            }
        }
        return page
    }

    /// The posts one feed entry shows: one video, or one per picture.
    private static func posts(of entry: BlueskyAPI.FeedViewPost) -> Result<[ServicePost], SkippedFeedItem.Reason> {
        let post = entry.post
        guard let embed = post.embed else { return .failure(.noMedia) }
        let media: BlueskyAPI.Media
        if embed.type == "app.bsky.embed.recordWithMedia#view" {
            guard let inner = embed.media else { return .failure(.noMedia) }
            media = inner
        } else {
            media = embed.content
        }
        let author = post.author.displayName.flatMap { $0.isEmpty ? nil : "\($0) (@\(post.author.handle))" }
            ?? "@\(post.author.handle)"
        let reposter = entry.reason.flatMap { reason in
            reason.type == "app.bsky.feed.defs#reasonRepost" ? reason.by : nil
        }.map { $0.displayName.flatMap { $0.isEmpty ? nil : $0 } ?? "@\($0.handle)" }
        let labels = ((post.labels ?? []) + (post.author.labels ?? [])).compactMap(\.value)
        // A negation label takes the same value away.
        let active = Set(labels.filter { $0.neg != true }.map(\.val)).subtracting(labels.filter { $0.neg == true }.map(\.val))
        let sensitive = !active.isDisjoint(with: sensitiveLabels)
        let text = post.record?.text.flatMap { $0.isEmpty ? nil : $0 }
        var base = ServicePost(id: post.uri, kind: .video, uri: "", title: text, author: author,
                               likes: post.likeCount.map { max(0, $0) }, sensitive: sensitive,
                               webPage: webPage(of: post), liked: post.viewer.map { $0.like != nil })
        base.subtitle = reposter.map { tr("Reposted by %1$s").filled($0) }
        switch media.type {
        case "app.bsky.embed.video#view":
            guard let playlist = media.playlist else { return .failure(.missingField("playlist")) }
            base.uri = playlist
            base.poster = media.thumbnail
            base.width = media.aspectRatio?.width
            base.height = media.aspectRatio?.height
            base.accessibilityLabel = media.alt.flatMap { $0.isEmpty ? nil : $0 }
            base.silentLoop = media.presentation == "gif"
            return .success([base])
        case "app.bsky.embed.images#view", "app.bsky.embed.gallery#view":
            let images = (media.images ?? media.items ?? []).compactMap(\.value)
            guard !images.isEmpty else { return .failure(.noMedia) }
            return .success(images.enumerated().map { place, image in
                var photo = base
                photo.kind = .image
                photo.id = images.count == 1 ? post.uri : "\(post.uri)#\(place + 1)"
                photo.uri = image.fullsize
                photo.width = image.aspectRatio?.width
                photo.height = image.aspectRatio?.height
                photo.accessibilityLabel = image.alt.flatMap { $0.isEmpty ? nil : $0 }
                if images.count > 1 {
                    let count = ServicePost.placeLine(place, of: images.count)
                    photo.subtitle = [count, base.subtitle].compactMap { $0 }.joined(separator: " · ")
                }
                return photo
            })
        case "app.bsky.embed.external#view", "app.bsky.embed.record#view":
            return .failure(.noMedia)
        default:
            return .failure(.unknownEmbed(media.type))
        }
    }

    /// The caption files the post's record names for its video (only the
    /// record has them), as ``BlueskyBlob`` placeholders.
    private static func captionTracks(of post: BlueskyAPI.PostView) -> [CaptionTrack] {
        let embed = post.record?.embed
        let captions = (embed?.captions ?? embed?.media?.captions ?? []).compactMap(\.value)
        return captions.prefix(BlueskyBlob.maxCaptions).compactMap { caption in
            BlueskyBlob(did: post.author.did, cid: caption.file.ref.link).map {
                CaptionTrack(language: CaptionChoice.acceptedLanguage(caption.lang), uri: $0.placeholder)
            }
        }
    }

    /// What a like of the post names: its URI (the service post id) and
    /// CID, and the user's like of it; nil when the post is not a record.
    private static func likeTarget(of post: BlueskyAPI.PostView) -> (postID: String, record: ServiceRecord)? {
        guard BlueskyLikeRecord.isPostURI(post.uri), BlueskyBlob.isCID(post.cid) else { return nil }
        let like = post.viewer?.like.flatMap { BlueskyLikeRecord.rkey(of: $0) == nil ? nil : $0 }
        return (post.uri, ServiceRecord(cid: post.cid, like: like))
    }

    /// The post on the web app: `https://bsky.app/profile/HANDLE/post/RKEY`.
    private static func webPage(of post: BlueskyAPI.PostView) -> String? {
        guard let rkey = BlueskyAddress.recordURI(post.uri)?.rkey,
              let handle = BlueskyAddress.normalizedActor(post.author.handle) else { return nil }
        return "https://bsky.app/profile/\(handle)/post/\(rkey)"
    }
}
