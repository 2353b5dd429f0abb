import FeedCore
import FeedGObject
import Foundation

/// A session's pictures: decodes a page's still (a picture, or a video's
/// poster or first frame) at the page's pixel size off the GTK thread,
/// fetching remote ones to disk first, and keeps the decoded ones for the
/// next view of the session. Made by the session; used on the GTK thread.
///
/// At most two decodes run at once. Work whose request was cancelled
/// before it starts is skipped; a result that arrives after a cancel is
/// dropped by ``SessionStills``.
@MainActor
public final class SessionPictures {
    /// One request's cancel flag, read by the decode threads: stale once
    /// its owner stores anything but 0 in `cell`.
    public struct Ticket: Sendable {
        let cell: AtomicCounter
        public init(cell: AtomicCounter) {
            self.cell = cell
        }
        var isStale: Bool { cell.load() != 0 }
    }

    /// Brings remote pictures and posters to disk: the media cache (image
    /// budget) when there is one, else plain files.
    public let remote: RemoteStillSource
    /// Decoded pictures by source and size, within their budget.
    public let decoded: DecodedImageCache

    /// Two threads decode pictures and stills (``WorkerThreads``).
    private let queue = WorkerThreads(name: "flick-pictures", count: 2)

    init(remote: RemoteStillSource, decoded: DecodedImageCache) {
        self.remote = remote
        self.decoded = decoded
    }

    deinit {
        queue.finish()
    }

    /// Decodes `item`'s still for a `box`-sized page. `completion` runs on
    /// the GTK thread (at once when the picture is in `decoded`); nil when
    /// the item has no still to show (a remote video without a poster shows
    /// its first frame instead). Remote stills are brought to disk by
    /// `remote` first; bytes from the cache that will not decode are
    /// dropped and fetched again once before the failure is shown.
    public func load(_ item: FeedItem, box: PixelSize, fit: ContentFit, ticket: Ticket,
                     completion: @escaping @MainActor (Result<DecodedImage, Error>?) -> Void) {
        let decoded = self.decoded
        let memoKey = DecodedImageCache.Key(source: stillURI(of: item) ?? item.uri, box: box, fit: fit)
        if let image = decoded.image(for: memoKey) {
            completion(.success(image))
            return
        }
        let completion: @MainActor (Result<DecodedImage, Error>?) -> Void = { result in
            if case .success(let image)? = result { decoded.insert(image, for: memoKey) }
            completion(result)
        }
        guard let still = stillURI(of: item), let url = URL(string: still) else {
            if item.kind == .video, localFile(item.uri) != nil {
                decode(ticket: ticket, completion: completion) {
                    try FrameGrabber.firstFrame(uri: item.uri, box: box, fit: fit)
                }
            } else {
                completion(nil)
            }
            return
        }
        if url.isFileURL {
            decode(ticket: ticket, completion: completion) { try ImageDecoder.decode(file: url, box: box, fit: fit) }
            return
        }
        guard MediaLocation(still).isNetwork else {
            completion(nil)
            return
        }
        fetchAndDecode(url, item: item, box: box, fit: fit, ticket: ticket, retried: false, completion: completion)
    }

    private func fetchAndDecode(_ url: URL, item: FeedItem, box: PixelSize, fit: ContentFit, ticket: Ticket,
                                retried: Bool, completion: @escaping @MainActor (Result<DecodedImage, Error>?) -> Void) {
        remote.fetchStill(url, for: item) { [weak self] result in
            guard let self else { return }
            let file: StillFile
            switch result {
            case .success(let fetched): file = fetched
            case .failure(let error):
                if !ticket.isStale { completion(.failure(error)) }
                return
            }
            guard !ticket.isStale else {
                file.release()
                return
            }
            self.decode(ticket: ticket, completion: { [weak self] result in
                file.release()
                if case .failure? = result, file.fromCache, !retried, let self {
                    // Wrong bytes on disk: drop them and fetch once more, silently.
                    file.discard()
                    self.fetchAndDecode(url, item: item, box: box, fit: fit, ticket: ticket, retried: true,
                                        completion: completion)
                    return
                }
                completion(result)
            }, onSkip: file.release) {
                try file.decode(box: box, fit: fit)
            }
        }
    }

    /// The picture to show for an item: the image itself, or a video's poster.
    private func stillURI(of item: FeedItem) -> String? {
        item.kind == .image ? item.uri : item.poster
    }

    /// Runs `work` on the decode queue unless the ticket went stale, and
    /// hands the result to the GTK thread.
    /// `onSkip` runs (on the decode queue) when the work is skipped as stale.
    private func decode(ticket: Ticket, completion: @escaping @MainActor (Result<DecodedImage, Error>?) -> Void,
                               onSkip: @escaping @Sendable () -> Void = {},
                               _ work: @escaping @Sendable () throws -> DecodedImage) {
        queue.async {
            guard !ticket.isStale else { return onSkip() }
            let result = Result { try work() }
            guard !ticket.isStale else { return onSkip() }
            MainThreadHop.reply(result, to: completion)
        }
    }

    /// The local file behind a `file://` URI, or nil for anything else.
    private func localFile(_ uri: String) -> URL? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        return url
    }
}
