import CGLib
import FeedGObject
import FeedHTTP
import Foundation

/// Everything a feed session shares with the other sessions of one app:
/// the HTTP sessions, the byte-range media cache (its store, fetcher and
/// cache-source hub), the decoded-picture cache and where pictures go
/// without a media cache. Made by the app, handed down; FeedMedia keeps no
/// process-wide state of its own, so two engines (two cache folders) work
/// side by side in one process. GTK thread only.
@MainActor
public final class MediaEngine {
    public let http: HTTPSessions
    /// Where http(s) videos are read through and preloaded to; nil plays
    /// straight from the network.
    public let cache: MediaCache?
    /// Decoded pictures by source and size, within their budget.
    public let decodedPictures: DecodedImageCache
    /// Brings remote pictures to disk: the media cache (image budget) when
    /// there is one, else plain files under `imageDirectory`.
    public let stills: RemoteStillSource
    /// Remote posts' captions files, fetched once and kept on disk.
    public let captions: RemoteCaptions
    /// What the links to media origins carry, for the players' rendition
    /// plans; kept beside the media cache between runs (``save()`` at exit).
    public let throughput: ThroughputBook

    /// The file the link estimates are kept in, in the media cache's folder.
    static let throughputFileName = "throughput.json"

    /// An engine without a media cache: videos stream, pictures go to
    /// plain files under `imageDirectory` (nil: a folder under the user's
    /// cache directory).
    public convenience init(imageDirectory: URL? = nil, decodedPictureBytes: Int = 64_000_000) {
        self.init(http: HTTPSessions(), cache: nil, imageDirectory: imageDirectory,
                  decodedPictureBytes: decodedPictureBytes)
    }

    /// An engine with the media cache under `cacheDirectory`. Throws when
    /// the folder cannot be opened (``CacheStoreError``).
    public convenience init(cacheDirectory: URL, budgets: CacheBudgets, decodedPictureBytes: Int = 64_000_000) throws {
        let http = HTTPSessions()
        let cache = try MediaCache(directory: cacheDirectory, budgets: budgets, session: http.media)
        self.init(http: http, cache: cache, imageDirectory: nil, decodedPictureBytes: decodedPictureBytes,
                  throughputFile: cacheDirectory.appendingPathComponent(Self.throughputFileName))
    }

    /// Opens an engine with the media cache under `cacheDirectory` without
    /// the GTK thread waiting on the disk: the store opens on a thread of
    /// its own (``RangeStore/openInBackground(directory:budgets:answer:)``), the engine
    /// is made on the GTK thread and handed to `answer`, or the error.
    public static func open(cacheDirectory: URL, budgets: CacheBudgets, decodedPictureBytes: Int = 64_000_000,
                            answer: @escaping @MainActor @Sendable (Result<MediaEngine, Error>) -> Void) {
        RangeStore.openInBackground(directory: cacheDirectory, budgets: budgets) { opened in
            answer(opened.map { store in
                let http = HTTPSessions()
                return MediaEngine(http: http, cache: MediaCache(store: store, session: http.media), imageDirectory: nil,
                                   decodedPictureBytes: decodedPictureBytes,
                                   throughputFile: cacheDirectory.appendingPathComponent(throughputFileName))
            })
        }
    }

    private init(http: HTTPSessions, cache: MediaCache?, imageDirectory: URL?, decodedPictureBytes: Int,
                 throughputFile: URL? = nil) {
        self.http = http
        throughput = ThroughputBook(file: throughputFile)
        throughput.loadInBackground()
        self.cache = cache
        decodedPictures = DecodedImageCache(budgetBytes: decodedPictureBytes)
        captions = RemoteCaptions(directory: PrivateFiles.cacheFolder.appendingPathComponent("captions"), session: http.api)
        stills = cache ?? RemoteImageFiles(directory: imageDirectory ?? PrivateFiles.pictureFolder,
                                           session: http.media)
    }
}
