import FeedCore
import FeedGObject
import Foundation

/// Where the preferences read and clear what Flick keeps on disk. Asked
/// on the GTK thread, answered there; the reading, listing, deleting and
/// syncing run on the thread of Flick's small files (``WorkerThreads/files``),
/// one job at a time (so two never open the folder's store at once), and
/// the GTK thread never waits on them.
///
/// Videos: the app's own media cache when it has one open (the default),
/// so clearing goes through the store that playback and eviction use.
/// Otherwise the cache folder is opened for each read or clear and closed
/// at once, as `flick cache size` and `flick cache clear` do: the simplest
/// correct way to read another store's files, since a store holds its
/// folder's lock for as long as it is open. A folder that does not exist
/// holds nothing and is not created.
///
/// Images: the store's image entries (pictures and posters fetched through
/// the media cache, under the image budget) plus the folder where they are
/// written as plain files when there is no media cache (`RemoteImageFiles`,
/// `--no-media-cache`), which no budget evicts. Both count, both are cleared.
@MainActor
public final class CacheAccess {
    /// Bytes held on disk.
    public struct Usage: Equatable, Sendable {
        public var videoBytes: Int64
        public var imageBytes: Int64

        public func bytes(of kind: CacheKey.Kind) -> Int64 {
            kind == .video ? videoBytes : imageBytes
        }
    }

    /// Why the cache could not be read or cleared, in one sentence for the window.
    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        public let description: String
    }

    private let mediaDirectory: URL
    private let imageDirectory: URL
    private let openCache: @MainActor () -> MediaCache?
    private let budgets: @MainActor () -> CacheBudgets

    /// - Parameters:
    ///   - mediaDirectory: the byte-range cache's folder.
    ///   - imageDirectory: the remote pictures' folder.
    ///   - openCache: the app's open media cache, nil when it has none.
    ///   - budgets: the budgets in force (a folder opened here evicts to them, as the app would).
    public init(mediaDirectory: URL, imageDirectory: URL,
         openCache: @escaping @MainActor () -> MediaCache?, budgets: @escaping @MainActor () -> CacheBudgets) {
        self.mediaDirectory = mediaDirectory
        self.imageDirectory = imageDirectory
        self.openCache = openCache
        self.budgets = budgets
    }

    /// What is held now, to `answer` on the GTK thread.
    public func usage(_ answer: @escaping @MainActor @Sendable (Result<Usage, Problem>) -> Void) {
        let images = imageDirectory
        withStore(answer) { store in
            Usage(videoBytes: store?.usage(kind: .video) ?? 0,
                  imageBytes: (store?.usage(kind: .image) ?? 0) + Self.pictureFiles(in: images).reduce(0) { $0 + $1.bytes })
        }
    }

    /// Deletes everything of `kind`; `answer` gets the bytes it held, on the GTK thread.
    public func clear(_ kind: CacheKey.Kind, _ answer: @escaping @MainActor @Sendable (Result<Int64, Problem>) -> Void) {
        let images = imageDirectory
        withStore(answer) { store in
            var freed = store?.usage(kind: kind) ?? 0
            store?.clear(kind: kind)
            store?.flush()
            if kind == .image {
                for file in Self.pictureFiles(in: images) {
                    if (try? FileManager.default.removeItem(at: file.url)) != nil { freed += file.bytes }
                }
            }
            return freed
        }
    }

    /// Runs `body` on the files thread with the app's store, or the folder's
    /// opened for it, or nil when there is no folder; its value goes to
    /// `answer` on the GTK thread.
    private func withStore<Value: Sendable>(_ answer: @escaping @MainActor @Sendable (Result<Value, Problem>) -> Void,
                                            _ body: @escaping @Sendable (RangeStore?) -> Value) {
        // Read on the GTK thread: the open cache and the budgets are its.
        let open = openCache()?.store
        let budgets = budgets()
        let folder = mediaDirectory
        WorkerThreads.files.async {
            let result: Result<Value, Problem>
            if let open {
                result = .success(body(open))
            } else if !FileManager.default.fileExists(atPath: folder.path) {
                result = .success(body(nil))
            } else {
                do {
                    let store = try RangeStore(directory: folder, budgets: budgets)
                    defer { store.close() }
                    result = .success(body(store))
                } catch {
                    result = .failure(Problem(description: tr("The video cache cannot be read: %1$s").filled("\(error)")))
                }
            }
            MainThreadHop.reply(result, to: answer)
        }
    }

    /// The finished picture files (not the `.part` files being written) and their sizes in bytes.
    private nonisolated static func pictureFiles(in imageDirectory: URL) -> [(url: URL, bytes: Int64)] {
        let keys: [URLResourceKey] = [.isRegularFileKey, .fileSizeKey]
        let names = (try? FileManager.default.contentsOfDirectory(at: imageDirectory, includingPropertiesForKeys: keys)) ?? []
        return names.compactMap { url in
            guard url.pathExtension != "part", let values = try? url.resourceValues(forKeys: Set(keys)),
                  values.isRegularFile == true else { return nil }
            return (url, Int64(values.fileSize ?? 0))
        }
    }
}
