import FeedCore
import FeedGObject
import Foundation

/// Reads Loops's feed pages and videos as posts. Pure; any thread.
///
/// A video plays `media.hls_url` when the server gives one, else
/// `media.src_url` (an MP4, through the cache); one without either (a
/// visitor's tag feed leaves `src_url` out) is handed over with its
/// details' address (`/api/v1/video/{id}`) for the source to fetch as the
/// preload plan reaches it. `media.thumbnail` is its poster,
/// `media.width`/`height` its shape, `media.alt_text` its accessible
/// label, the plain text of `caption` its title, `account.username` its
/// author, `is_sensitive` blurs it, `has_liked` is where the heart starts.
/// The next page is the same address with `meta.next_cursor` as `cursor`.
enum LoopsDocument {
    static func parse(_ data: Data, pageURL: URL, knownIDs: Set<String>) throws(FeedLoadError) -> FeedPage {
        guard data.count <= ServicePost.maxPageBytes else { throw .tooLarge(bytes: data.count, limit: ServicePost.maxPageBytes) }
        let answer: LoopsAPI.Page
        do {
            answer = try LoopsAPI.decoder().decode(LoopsAPI.Page.self, from: data)
        } catch {
            throw JSONSyntax.problem(in: data).map(FeedLoadError.notJSON)
                ?? .schema(tr("the answer is not a Loops feed (no list of videos in data)"))
        }
        guard answer.data.count <= FeedDocument.maxItems else {
            throw .tooManyItems(count: answer.data.count, limit: FeedDocument.maxItems)
        }
        var page = FeedPage(items: [])
        var seen = Set<String>()
        for (index, slot) in answer.data.enumerated() {
            guard let video = slot.value else {
                page.skipped.append(SkippedFeedItem(index: index, id: nil, reason: .notAnObject))
                continue
            }
            switch post(video, pageURL: pageURL) {
            case .success(let (item, extras)):
                page.admit(item, extras: extras, index: index, knownIDs: knownIDs, seen: &seen)
            case .failure(let reason):
                page.skipped.append(SkippedFeedItem(index: index, id: video.id, reason: reason))
            }
        }
        if let cursor = answer.meta?.nextCursor, !answer.data.isEmpty {
            switch FeedNext.parse(cursor, pageURL: pageURL) {
            case .cursor(let value)?: page.next = .cursor(value)
            case .url, .end, nil: page.unusableNext = String(cursor.prefix(200))
            }
        }
        return page
    }

    /// `GET /api/v1/video/{id}`'s answer as the playable post.
    static func details(_ data: Data, pageURL: URL) throws(FeedLoadError) -> (FeedItem, RemoteItemExtras) {
        guard data.count <= ServicePost.maxPageBytes else { throw .tooLarge(bytes: data.count, limit: ServicePost.maxPageBytes) }
        guard let video = try? LoopsAPI.decoder().decode(LoopsAPI.One<LoopsAPI.Video>.self, from: data).data else {
            throw JSONSyntax.problem(in: data).map(FeedLoadError.notJSON) ?? .schema(tr("the answer is not a Loops video"))
        }
        guard playable(video) != nil else { throw .schema(tr("the video has no file to play")) }
        switch post(video, pageURL: pageURL) {
        case .success(let post): return post
        case .failure(let reason): throw .schema("\(reason)")
        }
    }

    /// `/api/v1/video/{id}` on the server that gave `pageURL`.
    static func detailsURL(of id: String, pageURL: URL) -> URL? {
        guard isID(id), var components = URLComponents(url: pageURL, resolvingAgainstBaseURL: true) else { return nil }
        components.percentEncodedPath = "/api/v1/video/\(id)"
        components.query = nil
        components.fragment = nil
        return components.url
    }

    /// Loops's ids are numbers (snowflakes); they go into paths.
    static func isID(_ id: String) -> Bool {
        !id.isEmpty && id.utf8.count <= 40 && id.allSatisfy { $0.isASCII && ($0.isNumber || $0.isLetter || $0 == "-" || $0 == "_") }
    }

    private static func playable(_ video: LoopsAPI.Video) -> String? {
        [video.media?.hlsUrl, video.media?.srcUrl].compactMap { $0 }.first { !$0.isEmpty }
    }

    private static func post(_ video: LoopsAPI.Video, pageURL: URL) -> Result<(FeedItem, RemoteItemExtras), SkippedFeedItem.Reason> {
        guard isID(video.id) else { return .failure(.missingField("id")) }
        guard let uri = playable(video) ?? detailsURL(of: video.id, pageURL: pageURL)?.absoluteString else {
            return .failure(.missingField("media.src_url"))
        }
        let media = video.media
        let caption = video.caption.map(HTMLText.plain).flatMap { $0.isEmpty ? nil : $0 }
        let author = video.account?.username.flatMap { $0.isEmpty ? nil : "@\($0)" }
        let post = ServicePost(
            id: video.id, kind: .video, uri: uri, poster: media?.thumbnail,
            width: media?.width.flatMap { $0 > 0 ? $0 : nil }, height: media?.height.flatMap { $0 > 0 ? $0 : nil },
            duration: media?.duration.flatMap { $0 > 0 ? $0 : nil }, title: caption ?? author, author: author,
            likes: video.likes.map { max(0, $0) },
            accessibilityLabel: media?.altText.flatMap { $0.isEmpty ? nil : $0 },
            sensitive: video.isSensitive == true, webPage: video.url, liked: video.hasLiked, servicePostID: video.id)
        return post.validated(pageURL: pageURL)
    }
}
