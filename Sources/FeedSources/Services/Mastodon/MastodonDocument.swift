import FeedCore
import Foundation
import FeedGObject

/// Reads one page of a Mastodon timeline (an array of statuses) as a feed
/// page. Pure; any thread.
///
/// Each status's `video` and `gifv` attachments become video posts (gifv:
/// a looping clip without sound) and `image` attachments photo posts, in
/// order; `audio` and `unknown` ones are left out with their reason, as is
/// a status without media. `preview_url` is a video's poster, the
/// attachment's `description` its accessible label, the plain text of the
/// status's `content` HTML its title, the account's display name its
/// author, `favourites_count` its likes; `sensitive` or a content warning
/// (`spoiler_text`) makes it sensitive. A boost shows the boosted status.
/// The next page is the `Link` header's `next`, on the same instance.
///
/// Read as Pixelfed's (`pixelfed`), a video's `hls_manifest` is kept as
/// its stream address (``RemoteItemExtras/streamAddress``) for the source
/// to check, a status of several pictures says "2 of 4" under its title,
/// and a page without a `Link` header goes on with `max_id` set to its
/// last status's id.
enum MastodonDocument {
    /// The statuses asked for per page (Mastodon's largest).
    static let pageSize = 40

    static func parse(_ data: Data, pageURL: URL, headers: [String: String],
                      knownIDs: Set<String>, pixelfed: Bool = false) throws(FeedLoadError) -> FeedPage {
        guard data.count <= FeedDocument.maxBytes else { throw .tooLarge(bytes: data.count, limit: FeedDocument.maxBytes) }
        let statuses: [Lossy<MastodonAPI.Status>]
        do {
            statuses = try MastodonAPI.decoder().decode([Lossy<MastodonAPI.Status>].self, from: data)
        } catch {
            throw JSONSyntax.problem(in: data).map(FeedLoadError.notJSON)
                ?? .schema(tr("the answer is not a Mastodon timeline (an array of statuses)"))
        }
        guard statuses.count <= FeedDocument.maxItems else {
            throw .tooManyItems(count: statuses.count, limit: FeedDocument.maxItems)
        }
        var page = FeedPage(items: [])
        var ids = Set<String>()
        for (index, slot) in statuses.enumerated() {
            guard let status = slot.value?.shown else {
                page.skipped.append(SkippedFeedItem(index: index, id: nil, reason: .notAnObject))
                continue
            }
            let attachments = (status.mediaAttachments ?? []).compactMap(\.value)
            let media = attachments.compactMap { attachment in kind(attachment.type).map { (attachment, $0) } }
            guard !media.isEmpty else {
                page.skipped.append(SkippedFeedItem(index: index, id: status.id, reason: .noMedia))
                continue
            }
            let text = status.content.map(HTMLText.plain).flatMap { $0.isEmpty ? nil : $0 }
            let warning = status.spoilerText.flatMap { $0.isEmpty ? nil : $0 }
            let name = status.account?.displayName.flatMap { $0.isEmpty ? nil : $0 }
                ?? status.account?.acct.map { "@\($0)" }
            for (place, (attachment, kind)) in media.enumerated() {
                let size = attachment.meta?.original
                var post = ServicePost(
                    id: media.count == 1 ? status.id : "\(status.id)#\(place + 1)", kind: kind,
                    uri: attachment.url ?? attachment.remoteUrl ?? "",
                    poster: kind == .video ? attachment.previewUrl : nil,
                    width: size?.width.flatMap { $0 > 0 ? $0 : nil }, height: size?.height.flatMap { $0 > 0 ? $0 : nil },
                    duration: size?.duration.flatMap { $0 > 0 ? $0 : nil },
                    title: warning ?? text, author: name, likes: status.favouritesCount.map { max(0, $0) },
                    accessibilityLabel: attachment.description.flatMap { $0.isEmpty ? nil : $0 },
                    sensitive: status.sensitive == true || warning != nil, webPage: status.url,
                    silentLoop: attachment.type == "gifv", liked: status.favourited, servicePostID: status.id,
                    published: status.createdAt?.value)
                if pixelfed, media.count > 1 {
                    post.subtitle = ServicePost.placeLine(place, of: media.count)
                }
                switch post.validated(pageURL: pageURL) {
                case .failure(let reason):
                    page.skipped.append(SkippedFeedItem(index: index, id: post.id, reason: reason))
                case .success(let (item, extras)):
                    var extras = extras
                    if pixelfed, kind == .video, let manifest = attachment.hlsManifest {
                        extras.streamAddress = FeedURLRules.resolve(manifest, pageURL: pageURL)
                    }
                    page.admit(item, extras: extras, index: index, knownIDs: knownIDs, seen: &ids)
                }
            }
        }
        if let link = headers["link"], let next = LinkHeader.target(link, relation: "next"), !statuses.isEmpty {
            if let url = FeedURLRules.resolve(next, pageURL: pageURL), url.host?.lowercased() == pageURL.host?.lowercased() {
                page.next = .url(url)
            } else {
                page.unusableNext = next
            }
        } else if pixelfed, headers["link"] == nil, let last = statuses.last?.value?.body.id,
                  last.allSatisfy({ $0.isASCII && $0.isNumber }), let url = FeedNext.url(pageURL, cursor: last, parameter: "max_id") {
            page.next = .url(url)
        }
        return page
    }

    /// Posts for videos, gifv clips and pictures; nil for the rest.
    private static func kind(_ type: String) -> FeedItem.Kind? {
        switch type {
        case "video", "gifv": return .video
        case "image": return .image
        default: return nil
        }
    }
}
