import FeedCore
import FeedGObject
import Foundation

/// Reads a page of Lemmy posts as Flick's posts. Pure; any thread.
///
/// What each post's link is, FeedCore's ``FeedCore/LemmyLink`` decides: a
/// video or picture shows as one (its `thumbnail_url` the poster, `name`
/// the title, the plain text of `body` the line under it, `nsfw` or its
/// community's blurring it); a PeerTube video is handed over with the
/// address of its details on its own instance, for the source to fetch
/// as the preload plan reaches it; everything else is skipped with the
/// reason. The next page is the same address with `next_page` as `page_cursor`.
enum LemmyDocument {
    static func parse(_ data: Data, pageURL: URL, knownIDs: Set<String>) throws(FeedLoadError) -> FeedPage {
        guard data.count <= ServicePost.maxPageBytes else { throw .tooLarge(bytes: data.count, limit: ServicePost.maxPageBytes) }
        let answer: LemmyAPI.Posts
        do {
            answer = try LemmyAPI.decoder().decode(LemmyAPI.Posts.self, from: data)
        } catch {
            throw JSONSyntax.problem(in: data).map(FeedLoadError.notJSON)
                ?? .schema(tr("the answer is not a Lemmy post list (no posts)"))
        }
        guard answer.posts.count <= FeedDocument.maxItems else {
            throw .tooManyItems(count: answer.posts.count, limit: FeedDocument.maxItems)
        }
        let loopback = pageURL.host.map { ServiceAddress.isLoopback($0.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))) } ?? false
        var page = FeedPage(items: [])
        var seen = Set<String>()
        for (index, slot) in answer.posts.enumerated() {
            guard let view = slot.value else {
                page.skipped.append(SkippedFeedItem(index: index, id: nil, reason: .notAnObject))
                continue
            }
            let id = "\(view.post.id)"
            let decision = LemmyLink.decide(url: view.post.url, contentType: view.post.urlContentType,
                                            embedVideo: view.post.embedVideoUrl, serverIsLoopback: loopback)
            let kind: FeedItem.Kind
            let uri: String
            switch decision {
            case .skip(let reason):
                page.skipped.append(SkippedFeedItem(index: index, id: id, reason: .notShown(reason.rawValue)))
                continue
            case .video(let address): (kind, uri) = (.video, address)
            case .image(let address): (kind, uri) = (.image, address)
            case .peertube(let base, let video):
                guard let details = PeerTubeListing.detailsURL(base: URL(string: base) ?? pageURL, uuid: video) else {
                    page.skipped.append(SkippedFeedItem(index: index, id: id, reason: .notShown(LemmyLink.Reason.notMedia.rawValue)))
                    continue
                }
                (kind, uri) = (.video, details.absoluteString)
            }
            let body = view.post.body.map(HTMLText.plain).flatMap { $0.isEmpty ? nil : String($0.prefix(500)) }
            let author = view.creator.flatMap { $0.displayName.flatMap { $0.isEmpty ? nil : $0 } ?? $0.name.map { "@\($0)" } }
            let post = ServicePost(
                id: id, kind: kind, uri: uri,
                poster: kind == .video ? view.post.thumbnailUrl : nil,
                title: view.post.name.map(HTMLText.plain).flatMap { $0.isEmpty ? nil : $0 }, subtitle: body, author: author,
                likes: view.counts?.upvotes.map { max(0, $0) },
                accessibilityLabel: view.post.altText.flatMap { $0.isEmpty ? nil : $0 },
                sensitive: view.post.nsfw == true || view.community?.nsfw == true, webPage: view.post.apId,
                tags: view.community?.name.map { [$0] } ?? [])
            switch post.validated(pageURL: pageURL) {
            case .success(let (item, extras)):
                page.admit(item, extras: extras, index: index, knownIDs: knownIDs, seen: &seen)
            case .failure(let reason):
                page.skipped.append(SkippedFeedItem(index: index, id: id, reason: reason))
            }
        }
        if let next = answer.nextPage, !next.isEmpty, !answer.posts.isEmpty {
            if next.utf8.count <= 200, !FeedValueRules.hasControlCharacter(next),
               let url = FeedNext.url(pageURL, cursor: next, parameter: "page_cursor") {
                page.next = .url(url)
            } else {
                page.unusableNext = String(next.prefix(200))
            }
        }
        return page
    }
}
