import FeedCore
import FeedMedia
import Foundation

/// Where the preferences read and clear what Flick keeps on disk. GTK
/// thread only.
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
final class CacheAccess {
    /// Bytes held on disk.
    struct Usage: Equatable {
        var videoBytes: Int64
        var imageBytes: Int64

        func bytes(of kind: CacheKey.Kind) -> Int64 {
            kind == .video ? videoBytes : imageBytes
        }
    }

    /// Why the cache could not be read or cleared, in one sentence for the window.
    struct Problem: Error, Equatable, CustomStringConvertible {
        let description: String
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
    init(mediaDirectory: URL, imageDirectory: URL,
         openCache: @escaping @MainActor () -> MediaCache?, budgets: @escaping @MainActor () -> CacheBudgets) {
        self.mediaDirectory = mediaDirectory
        self.imageDirectory = imageDirectory
        self.openCache = openCache
        self.budgets = budgets
    }

    /// What is held now.
    func usage() -> Result<Usage, Problem> {
        withStore { store in
            Usage(videoBytes: store?.usage(kind: .video) ?? 0,
                  imageBytes: (store?.usage(kind: .image) ?? 0) + pictureFiles().reduce(0) { $0 + $1.bytes })
        }
    }

    /// Deletes everything of `kind`; returns the bytes it held.
    func clear(_ kind: CacheKey.Kind) -> Result<Int64, Problem> {
        withStore { store in
            var freed = store?.usage(kind: kind) ?? 0
            store?.clear(kind: kind)
            store?.flush()
            if kind == .image {
                for file in pictureFiles() {
                    if (try? FileManager.default.removeItem(at: file.url)) != nil { freed += file.bytes }
                }
            }
            return freed
        }
    }

    /// Runs `body` with the app's store, or the folder's opened for it, or
    /// nil when there is no folder.
    private func withStore<Value>(_ body: (RangeStore?) -> Value) -> Result<Value, Problem> {
        if let cache = openCache() { return .success(body(cache.store)) }
        guard FileManager.default.fileExists(atPath: mediaDirectory.path) else { return .success(body(nil)) }
        do {
            let store = try RangeStore(directory: mediaDirectory, budgets: budgets())
            defer { store.close() }
            return .success(body(store))
        } catch {
            return .failure(Problem(description: "The video cache cannot be read: \(error)"))
        }
    }

    /// The finished picture files (not the `.part` files being written) and their sizes in bytes.
    private func pictureFiles() -> [(url: URL, bytes: Int64)] {
        let keys: [URLResourceKey] = [.isRegularFileKey, .fileSizeKey]
        let names = (try? FileManager.default.contentsOfDirectory(at: imageDirectory, includingPropertiesForKeys: keys)) ?? []
        return names.compactMap { url in
            guard url.pathExtension != "part", let values = try? url.resourceValues(forKeys: Set(keys)),
                  values.isRegularFile == true else { return nil }
            return (url, Int64(values.fileSize ?? 0))
        }
    }
}
