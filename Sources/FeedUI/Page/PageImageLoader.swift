import FeedCore
import FeedMedia
import Foundation

/// Decodes a page's still (a picture, or a video's poster or first frame)
/// at the page's pixel size off the GTK thread, and hands the result back on
/// the GTK thread.
///
/// At most two decodes run at once. Work whose page has been rebound before
/// it starts is skipped; a result that arrives after a rebind is dropped by
/// the page (see `FeedPage.show`).
enum PageImageLoader {
    /// Identifies one binding of a page; stale once the page's generation moves on.
    struct Ticket: Sendable {
        let generation: Int
        let cell: AtomicCounter
        var isStale: Bool { cell.load() != generation }
    }

    private static let queue: OperationQueue = {
        let queue = OperationQueue()
        queue.name = "flick.page-decode"
        queue.maxConcurrentOperationCount = 2
        queue.qualityOfService = .userInitiated
        return queue
    }()

    /// Decodes `item`'s still for a `box`-sized page. `completion` runs on
    /// the GTK thread with nil when the item has nothing local to decode
    /// yet (remote media arrives with the cache).
    @MainActor
    static func load(_ item: FeedItem, box: PixelSize, fit: ContentFit, ticket: Ticket,
                     completion: @escaping @MainActor (Result<DecodedImage, Error>?) -> Void) {
        queue.addOperation {
            guard !ticket.isStale else { return }
            let result = decode(item, box: box, fit: fit)
            guard !ticket.isStale else { return }
            DispatchQueue.main.async {
                MainActor.assumeIsolated { completion(result) }
            }
        }
    }

    private static func decode(_ item: FeedItem, box: PixelSize, fit: ContentFit) -> Result<DecodedImage, Error>? {
        switch item.kind {
        case .image:
            guard let file = localFile(item.uri) else { return nil }
            return Result { try ImageDecoder.decode(file: file, box: box, fit: fit) }
        case .video:
            if let poster = item.poster, let file = localFile(poster) {
                return Result { try ImageDecoder.decode(file: file, box: box, fit: fit) }
            }
            guard localFile(item.uri) != nil else { return nil }
            return Result { try FrameGrabber.firstFrame(uri: item.uri, box: box, fit: fit) }
        }
    }

    /// The local file behind a `file://` URI, or nil for anything else.
    private static func localFile(_ uri: String) -> URL? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        return url
    }
}
