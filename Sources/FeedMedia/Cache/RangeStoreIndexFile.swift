import FeedCore
import Foundation

/// The range store's index as written to `index.json`: a version, and per
/// key its data file, what the origin said about it, the byte ranges held
/// and when it was last used. Only the range store reads and writes it.
struct RangeStoreIndexFile: Codable, Equatable {
    /// Bumped when the format changes; another version starts an empty
    /// cache (its files are deleted as orphans). 2: keys are scoped by
    /// origin, blocks carry checksums, Last-Modified is kept.
    static let currentVersion = 2

    /// One key's record.
    struct Entry: Codable, Equatable {
        /// The key.
        var key: CacheKey
        /// Which data file holds the bytes (see `CacheFileName.data`).
        var incarnation: UInt64
        /// The resource's full size in bytes, when known.
        var length: Int64?
        /// The origin's content type, when known.
        var type: String?
        /// The origin's ETag, when known.
        var etag: String?
        /// The origin's Last-Modified, when known.
        var lastModified: String?
        /// CRC-32 of each block's held bytes, little-endian, base64 (see `BlockChecksum`).
        var sums: String?
        /// Byte ranges held in the data file.
        var ranges: ByteRangeSet
        /// Last use, in seconds since 1970.
        var lastAccess: Double
        /// Played as the current post before (see `RangeStore.markPlayed`);
        /// absent when not, so older indexes read the same.
        var played: Bool?
    }

    /// Format version.
    var version: Int = currentVersion
    /// The next incarnation number to hand out.
    var nextIncarnation: UInt64 = 1
    /// Every key held.
    var entries: [Entry] = []

    /// The largest index read, in bytes: 64 MiB, far above what the
    /// largest budgets' entries take (a few hundred bytes each, plus 8
    /// bytes of checksums per 64 KiB held), so a damaged or planted file
    /// cannot make opening the cache read gigabytes into memory.
    static let maxBytes: Int64 = 64 * 1_048_576

    /// Decodes an index; nil when it is missing, unreadable, larger than
    /// ``maxBytes``, of another version or not JSON.
    static func load(from folder: CacheFolder) -> RangeStoreIndexFile? {
        let name = CacheFileName.index
        guard let size = CacheFileIO.size(name, in: folder), size <= maxBytes,
              let fd = try? CacheFileIO.openForReading(name, in: folder) else { return nil }
        defer { CacheFileIO.close(fd) }
        guard let data = try? CacheFileIO.read(fd, length: Int(size), at: 0, what: name),
              let index = try? JSONDecoder().decode(RangeStoreIndexFile.self, from: data),
              index.version == currentVersion else { return nil }
        return index
    }

    /// Encodes the index compactly with keys sorted, so equal indexes write equal bytes.
    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            return try encoder.encode(self)
        } catch {
            throw CacheStoreError.io("could not encode the index (\(error))")
        }
    }
}
