import CGLib
import FeedCore
import Foundation

/// Names of the range store's files. Data files are named after the SHA-256
/// of the key's text (GLib's GChecksum), never the key itself, plus the
/// entry's incarnation: a key that is dropped and stored again gets a new
/// file, so an index written before the drop can never point at new bytes.
enum CacheFileName {
    /// The index, in the cache folder.
    static let index = "index.json"
    /// Held with `flock` by the store that has the folder open.
    static let lock = "lock"
    /// Suffix of data files.
    static let dataSuffix = ".data"
    /// Suffix of files being written before a rename.
    static let temporarySuffix = ".tmp"

    /// Lowercase hex SHA-256 of `key.description`.
    static func hash(of key: CacheKey) -> String {
        guard let checksum = g_compute_checksum_for_string(G_CHECKSUM_SHA256, key.description, -1) else {
            preconditionFailure("GLib could not compute a SHA-256 checksum")
        }
        defer { g_free(checksum) }
        return String(cString: checksum)
    }

    /// `<sha256>.<incarnation>.data`.
    static func data(for key: CacheKey, incarnation: UInt64) -> String {
        "\(hash(of: key)).\(incarnation)\(dataSuffix)"
    }

    /// Whether the store made a file with this name (and may delete it as an orphan).
    static func isOwned(_ name: String) -> Bool {
        name.hasSuffix(dataSuffix) || name.hasSuffix(temporarySuffix)
    }
}
