import FeedCore
import Foundation
import FeedGObject

/// Reads PeerTube's answers: a list page into the videos still to be
/// detailed, a video's details into a post. Pure; any thread.
enum PeerTubeDocument {
    /// One list page: the videos in order (live streams and unreadable ones
    /// left out with their reason) and the list's total.
    struct ListPage {
        var videos: [PeerTubeAPI.Video]
        var skipped: [SkippedFeedItem]
        var total: Int?
        /// Videos the page held, readable or not (for `start`).
        var count: Int
    }

    /// - Parameter elements: the page is a playlist's (each video under `video`).
    static func list(_ data: Data, elements: Bool = false) throws(FeedLoadError) -> ListPage {
        let list: PeerTubeAPI.VideoList
        do {
            list = elements ? try JSONDecoder().decode(PeerTubeAPI.ElementList.self, from: data).videos
                : try JSONDecoder().decode(PeerTubeAPI.VideoList.self, from: data)
        } catch {
            throw JSONSyntax.problem(in: data).map(FeedLoadError.notJSON)
                ?? .schema(tr("the answer is not a PeerTube video list (a data array)"))
        }
        guard list.data.count <= FeedDocument.maxItems else {
            throw .tooManyItems(count: list.data.count, limit: FeedDocument.maxItems)
        }
        var page = ListPage(videos: [], skipped: [], total: list.total.map { max(0, $0) }, count: list.data.count)
        for (index, slot) in list.data.enumerated() {
            guard let video = slot.value else {
                page.skipped.append(SkippedFeedItem(index: index, id: nil, reason: .notAnObject))
                continue
            }
            guard video.isLive != true else {
                page.skipped.append(SkippedFeedItem(index: index, id: video.uuid, reason: .liveStream))
                continue
            }
            page.videos.append(video)
        }
        return page
    }

    /// A details answer (`/api/v1/videos/{id}`) as the playable post and
    /// its extras, or why there is none (the request's failure included).
    static func playable(_ result: Result<ServiceClient.Response, FeedLoadError>,
                         pageHeight: Int) -> Result<(FeedItem, RemoteItemExtras), FeedLoadError> {
        switch result {
        case .failure(let error):
            return .failure(error)
        case .success(let response):
            do throws(FeedLoadError) {
                return try post(response.body, pageHeight: pageHeight).validated(pageURL: response.url)
                    .mapError { FeedLoadError.schema("\($0)") }
            } catch {
                return .failure(error)
            }
        }
    }

    /// The post for a video's details: the progressive file
    /// ``FeedCore/RenditionChoice`` picks for `pageHeight`, else the HLS
    /// playlist; its poster, title, author, likes, `nsfw` and web page.
    static func post(_ data: Data, pageHeight: Int) throws(FeedLoadError) -> ServicePost {
        let details: PeerTubeAPI.VideoDetails
        do {
            details = try JSONDecoder().decode(PeerTubeAPI.VideoDetails.self, from: data)
        } catch {
            throw JSONSyntax.problem(in: data).map(FeedLoadError.notJSON)
                ?? .schema(tr("the answer is not a PeerTube video (a uuid)"))
        }
        let video = details.video
        if video.isLive == true { throw .schema(tr("the video is a live stream")) }
        let files = (details.files ?? []).compactMap(\.value).filter { $0.fileUrl?.isEmpty == false }
        let hls = (details.streamingPlaylists ?? []).compactMap(\.value)
            .first { ($0.type ?? 1) == 1 && $0.playlistUrl?.isEmpty == false }
        let chosen: (uri: String, file: PeerTubeAPI.VideoFile?)
        if let index = RenditionChoice.pick(heights: files.map(\.pixelHeight), pageHeight: pageHeight),
           let uri = files[index].fileUrl {
            chosen = (uri, files[index])
        } else if let playlist = hls?.playlistUrl {
            let hlsFiles = (hls?.files ?? []).compactMap(\.value)
            chosen = (playlist, RenditionChoice.pick(heights: hlsFiles.map(\.pixelHeight), pageHeight: pageHeight).map { hlsFiles[$0] })
        } else {
            throw .schema(tr("the video has no file Flick can play"))
        }
        return post(video, uri: chosen.uri, file: chosen.file)
    }

    /// The post for `video` playing `uri` (`file`, when known, gives its
    /// size): its poster, title, account, likes, `nsfw` and web page.
    static func post(_ video: PeerTubeAPI.Video, uri: String, file: PeerTubeAPI.VideoFile?) -> ServicePost {
        let author = video.account?.displayName.flatMap { $0.isEmpty ? nil : $0 } ?? video.account?.name
        return ServicePost(id: video.uuid, kind: .video, uri: uri,
                           poster: video.previewPath ?? video.thumbnailPath,
                           width: file?.width.flatMap { $0 > 0 ? $0 : nil },
                           height: file?.height.flatMap { $0 > 0 ? $0 : nil },
                           duration: video.duration.flatMap { $0 > 0 ? $0 : nil },
                           title: video.name, author: author, likes: video.likes.map { max(0, $0) },
                           accessibilityLabel: video.name, sensitive: video.nsfw == true, webPage: video.url,
                           servicePostID: video.uuid, tags: video.channel?.value?.name.map { [$0] } ?? [],
                           published: video.publishedAt?.value)
    }
}
