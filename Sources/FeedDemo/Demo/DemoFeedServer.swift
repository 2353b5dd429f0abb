import FeedMedia
import FeedSources
import Foundation

/// The built-in demo feed over real HTTP: the generated media, a few
/// deliberately broken posts, and a cursor-paginated JSON feed at
/// `/feed.json`, all on a ``MediaServer`` (usually on loopback).
///
/// The feed has 1,200 posts in pages of 20 by default. Its fault mix is
/// always there: every 37th post is a video answering 403, every 41st a
/// picture answering 404, post 29 is a corrupt video, and posts 50, 150,
/// 250, ... play the HLS rendition of the first clip (when hlssink2 could
/// make one). The server's own options add bandwidth limits, latency and
/// the page-load delay (`pageDelayMilliseconds` delays every feed page).
///
/// Every post has a `likeURL`, `/like/item-N` on the same server: POST
/// `{"liked": true|false}` answers 200 `{"liked": ..., "likes": ...}`, except
/// for a share of requests (10% by default, every 10th) that answer 500 so
/// the app's revert path is always exercised. Counts start from a number
/// fixed per post; later pages show the liked state the server holds.
///
/// Immutable and Sendable: pages are made on the server's thread per request.
public struct DemoFeedServer: Sendable {
    public static let defaultItemCount = 1_200
    public static let defaultPageSize = 20
    /// Where the feed is served.
    public static let feedPath = "/feed.json"

    /// Where the server serves a file of the demo media (a clip, poster or picture).
    public static func mediaPath(of file: URL) -> String { Paths.media + file.lastPathComponent }
    /// The share of like requests that fail by default.
    public static let defaultLikeFailureShare = 0.1

    public let library: DemoMediaLibrary
    public let assets: DemoFeedAssets
    public let itemCount: Int
    public let pageSize: Int
    private let media: [DemoFeedEntry]
    private let likes: DemoLikeStore

    /// - Parameter likeFailureShare: the share of like requests answered
    ///   500, from 0 to 1 (deterministic: 0.1 fails every 10th).
    public init(library: DemoMediaLibrary, assets: DemoFeedAssets,
                itemCount: Int = DemoFeedServer.defaultItemCount, pageSize: Int = DemoFeedServer.defaultPageSize,
                likeFailureShare: Double = DemoFeedServer.defaultLikeFailureShare) {
        self.library = library
        self.assets = assets
        self.itemCount = max(0, itemCount)
        self.pageSize = max(1, pageSize)
        media = DemoFeedEntry.cycle(of: library)
        likes = DemoLikeStore(failureShare: likeFailureShare)
    }

    /// The share of like requests answered 500.
    public var likeFailureShare: Double { likes.failureShare }

    public enum InstallError: Error, Equatable, CustomStringConvertible {
        case serverNotRunning
        case emptyLibrary

        public var description: String {
            switch self {
            case .serverNotRunning: return "The demo feed needs a running media server."
            case .emptyLibrary: return "The demo feed has no media to show."
            }
        }
    }

    /// Adds the feed's routes and faults to a running `server` and returns
    /// the feed's URL (`http://127.0.0.1:PORT/feed.json`).
    @discardableResult
    public func install(on server: MediaServer) throws(InstallError) -> URL {
        guard let base = server.baseURL, let feedURL = server.url(for: Self.feedPath) else { throw .serverNotRunning }
        guard !media.isEmpty else { throw .emptyLibrary }
        for folder in Set((library.clips.map(\.video) + library.pictures.map(\.url)).map { $0.deletingLastPathComponent() }) {
            server.serveDirectory(folder, at: Paths.media)
        }
        for number in stride(from: DemoFeedEntry.forbiddenEvery, through: itemCount, by: DemoFeedEntry.forbiddenEvery) {
            guard case .forbiddenClip(let clip) = entry(number: number) else { continue }
            let path = Paths.forbidden(number)
            server.serveFile(clip.video, at: path, contentType: "video/mp4")
            server.setFault(.status(403), for: path)
        }
        if let corrupt = assets.corruptVideo {
            server.serveFile(corrupt, at: Paths.corrupt, contentType: "video/mp4")
        }
        if let master = assets.hlsPlaylist {
            // Each HLS post at an address of its own, as two videos of a
            // site are: the master, and each rendition's playlist and segments.
            let folder = master.deletingLastPathComponent()
            var files: [(path: String, file: URL, type: String)] = [(DemoHLSMaster.masterName, master, "application/vnd.apple.mpegurl")]
            for (rendition, _) in DemoHLSMaster.renditions {
                let renditionFolder = folder.appendingPathComponent(rendition)
                for name in (try? FileManager.default.contentsOfDirectory(atPath: renditionFolder.path)) ?? [] {
                    let type = name.hasSuffix(".ts") ? "video/mp2t" : name.hasSuffix(".m3u8") ? "application/vnd.apple.mpegurl" : nil
                    guard let type else { continue }
                    files.append(("\(rendition)/\(name)", renditionFolder.appendingPathComponent(name), type))
                }
            }
            for number in stride(from: DemoFeedEntry.hlsOffset, through: itemCount, by: DemoFeedEntry.hlsEvery) {
                for (path, file, type) in files { server.serveFile(file, at: Paths.hls(number) + path, contentType: type) }
            }
        }
        let feed = self
        server.serveJSON(at: Self.feedPath) { query in feed.page(cursor: query["cursor"], part: query["part"], baseURL: base) }
        server.servePosts(under: Paths.likes) { request in feed.like(request) }
        return feedURL
    }

    /// Post `number` (1-based).
    func entry(number: Int) -> DemoFeedEntry {
        DemoFeedEntry.entry(number: number, media: media, clips: library.clips, pictures: library.pictures,
                            hasCorrupt: assets.corruptVideo != nil, hasHLS: assets.hlsPlaylist != nil)
    }

    // MARK: Likes

    /// Answers a POST to `/like/item-N`.
    func like(_ request: MediaServer.PostRequest) -> MediaServer.PostResponse {
        guard request.path.hasPrefix(Paths.likes + "item-"),
              let number = Int(request.path.dropFirst((Paths.likes + "item-").count)),
              (1...itemCount).contains(number) else {
            return MediaServer.PostResponse(status: 404, body: Self.json(["error": "no such post"]))
        }
        guard let body = try? JSONDecoder().decode(LikeBody.self, from: request.body) else {
            return MediaServer.PostResponse(status: 400, body: Self.json(["error": #"expected {"liked": true|false}"#]))
        }
        guard let result = likes.set(number: number, liked: body.liked) else {
            return MediaServer.PostResponse(status: 500, body: Self.json(["error": "the demo server failed this like on purpose"]))
        }
        return MediaServer.PostResponse(status: 200, body: Self.json(LikeAnswer(liked: result.liked, likes: result.likes)))
    }

    private struct LikeBody: Decodable {
        var liked: Bool
    }

    private struct LikeAnswer: Encodable {
        var liked: Bool
        var likes: Int
    }

    private static func json(_ value: some Encodable) -> Data? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try? encoder.encode(value)
    }

    // MARK: Pages

    /// Cursors are `offset-N`: the page starting at post N + 1.
    static func cursor(offset: Int) -> String { "offset-\(offset)" }

    static func offset(of cursor: String?) -> Int? {
        guard let cursor else { return 0 }
        guard cursor.hasPrefix("offset-"), let offset = Int(cursor.dropFirst("offset-".count)), offset >= 0 else { return nil }
        return offset
    }

    /// The JSON page at `cursor` (nil: the first), or nil (404) for a cursor
    /// this feed never handed out. `part` (`2of3`) serves one part of the
    /// posts as a feed of its own, for a bench that mixes several sources.
    func page(cursor: String?, part: String? = nil, baseURL: URL) -> Data? {
        guard let range = Self.range(of: part, count: itemCount), let offset = Self.offset(of: cursor).map({ max($0, range.lowerBound) }),
              offset <= range.upperBound else { return nil }
        let end = min(offset + pageSize, range.upperBound)
        return FeedPageJSON(items: (offset..<end).map { item(number: $0 + 1, baseURL: baseURL) },
                            next: end < range.upperBound ? Self.cursor(offset: end) : nil).data()
    }

    /// The posts (0-based offsets) of `part` (`P` `of` `N`), all for none; nil for a part that is none.
    static func range(of part: String?, count: Int) -> Range<Int>? {
        guard let part else { return 0..<count }
        let numbers = part.split(separator: "o", maxSplits: 1)
        guard numbers.count == 2, numbers[1].hasPrefix("f"), let number = Int(numbers[0]), let parts = Int(numbers[1].dropFirst()),
              parts > 0, parts <= 100, (1...parts).contains(number) else { return nil }
        return (count * (number - 1) / parts)..<(count * number / parts)
    }

    /// Post `number` with its like state as the server holds it now.
    private func item(number: Int, baseURL: URL) -> Item {
        func url(_ path: String) -> String { baseURL.absoluteString + path.dropFirst() }
        let like = likes.state(number: number)
        var item = mediaItem(number: number, likes: like.likes, url: url)
        item.author = "Flick demo"
        item.liked = like.liked
        item.likeURL = url(Paths.like(number))
        return item
    }

    /// What post `number` shows: its media, texts and count.
    func mediaItem(number: Int, likes: Int, url: (String) -> String) -> Item {
        let id = "item-\(number)"
        switch entry(number: number) {
        case .clip(let clip):
            return Item(id: id, type: "video", uri: url(Self.mediaPath(of: clip.video)),
                        poster: url(Self.mediaPath(of: clip.poster)), width: clip.width, height: clip.height,
                        duration: clip.duration, title: "Clip \(clip.number) · \(clip.colorName.capitalized)",
                        subtitle: "Demo video · \(Int(clip.duration.rounded())) s · post \(number)", likes: likes,
                        accessibilityLabel: "Video: clip \(clip.number), a \(clip.colorName) card with the number \(clip.number)")
        case .picture(let picture):
            return Item(id: id, type: "image", uri: url(Self.mediaPath(of: picture.url)),
                        width: picture.width, height: picture.height, title: "Picture \(picture.number)",
                        subtitle: "Demo picture · \(picture.width)×\(picture.height) · post \(number)", likes: likes,
                        accessibilityLabel: "Picture \(picture.number), \(picture.width) by \(picture.height) pixels")
        case .forbiddenClip(let clip):
            return Item(id: id, type: "video", uri: url(Paths.forbidden(number)),
                        poster: url(Self.mediaPath(of: clip.poster)), width: clip.width, height: clip.height,
                        duration: clip.duration, title: "Clip \(clip.number) · forbidden",
                        subtitle: "Demo fault · the video answers 403 · post \(number)", likes: likes,
                        accessibilityLabel: "Video that cannot be played: access is forbidden")
        case .missingPicture(let picture):
            return Item(id: id, type: "image", uri: url(Paths.media + "missing-\(number).jpg"),
                        width: picture.width, height: picture.height, title: "Missing picture",
                        subtitle: "Demo fault · the picture answers 404 · post \(number)", likes: likes,
                        accessibilityLabel: "Picture that cannot be found")
        case .corruptVideo:
            return Item(id: id, type: "video", uri: url(Paths.corrupt), title: "Corrupt video",
                        subtitle: "Demo fault · the file is not a playable video · post \(number)", likes: likes,
                        accessibilityLabel: "Video that cannot be played: the file is damaged")
        case .hlsClip(let clip):
            return Item(id: id, type: "video", uri: url(Paths.hls(number) + DemoHLSMaster.masterName),
                        poster: url(Self.mediaPath(of: clip.poster)), width: clip.width, height: clip.height,
                        duration: clip.duration, title: "Clip \(clip.number) · HLS",
                        subtitle: "Demo stream · HLS segments · post \(number)", likes: likes,
                        accessibilityLabel: "Video: clip \(clip.number), streamed with HLS")
        }
    }

    /// The served paths.
    enum Paths {
        static let media = "/media/"
        /// The folder of HLS post `number`'s master and renditions.
        static func hls(_ number: Int) -> String { "/hls/\(number)/" }
        static let corrupt = "/broken/corrupt.mp4"
        static func forbidden(_ number: Int) -> String { "/forbidden/item-\(number).mp4" }
        static let likes = "/like/"
        static func like(_ number: Int) -> String { likes + "item-\(number)" }
    }

    typealias Item = FeedPageJSON.Item
}
