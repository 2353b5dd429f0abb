import FeedCore
import FeedGObject
import Foundation

/// A playlist file as a source that reads it when asked (off the GTK
/// thread, like the sidebar's reads): For You's member for a listed
/// playlist. One page, then the end. GTK thread only.
@MainActor
public final class PlaylistSource: FeedSource {
    public let path: String
    private let read = LocalSourceRead()

    public init(path: String) { self.path = path }

    public var cacheScope: String? { nil }

    public func loadFirst(_ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        read.start(.playlist(path), slow: {}) { result in
            switch result {
            case .success(.playlist(let playlist)):
                completion(.success(FeedSourcePage(items: playlist.page.items)))
            case .success(.folder):
                completion(.failure(FeedSourceFailure(message: tr("it is a folder, not a playlist"), code: .unsupportedFormat)))
            case .failure(let failure):
                completion(.failure(FeedSourceFailure(message: failure.message, code: .unsupportedFormat)))
            }
        }
    }

    public func loadNext(after cursor: FeedCursor,
                         _ completion: @escaping @MainActor (Result<FeedSourcePage, FeedSourceFailure>) -> Void) {
        completion(.success(FeedSourcePage(items: [])))
    }
}
