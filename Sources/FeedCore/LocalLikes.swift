// Pure: values only, imports Foundation at most.

import Foundation

/// The posts the user liked where no server keeps likes (a folder, a
/// playlist, a feed without a `likeURL`): keyed by the source's address
/// and the post's id, newest last, at most ``limit`` (the oldest goes
/// first). What is saved on disk and read back at launch; a file that is
/// not one reads as no likes.
public struct LocalLikes: Sendable, Equatable {
    public struct Key: Sendable, Hashable, Codable {
        /// The source's address (a folder's path, a feed's URL).
        public var source: String
        /// The post's id in that source.
        public var post: String

        public init(source: String, post: String) {
            self.source = source
            self.post = post
        }
    }

    /// The most likes kept.
    public static let limit = 100_000
    /// The longest source address or post id kept, in bytes.
    public static let maxPartBytes = 8_192

    public private(set) var keys: [Key] = []
    private var index = Set<Key>()

    public init(_ keys: [Key] = []) {
        for key in keys { set(key, liked: true) }
    }

    public func contains(_ key: Key) -> Bool { index.contains(key) }

    /// Likes (newest) or unlikes `key`; false when a part is too long to keep.
    @discardableResult
    public mutating func set(_ key: Key, liked: Bool) -> Bool {
        guard !key.source.isEmpty, !key.post.isEmpty, key.source.utf8.count <= Self.maxPartBytes,
              key.post.utf8.count <= Self.maxPartBytes else { return false }
        if index.contains(key) {
            keys.removeAll { $0 == key }
            index.remove(key)
        }
        guard liked else { return true }
        keys.append(key)
        index.insert(key)
        if keys.count > Self.limit {
            index.remove(keys.removeFirst())
        }
        return true
    }

    // MARK: On disk

    private struct File: Codable {
        var version: Int
        var likes: [[String]]
    }

    /// The file's bytes: `{"version": 1, "likes": [[source, post], …]}`.
    public func encoded() -> [UInt8] {
        let file = File(version: 1, likes: keys.map { [$0.source, $0.post] })
        return (try? Array(JSONEncoder().encode(file))) ?? []
    }

    /// Reads a file written by ``encoded()``: nil when it is not one (another
    /// version, not JSON); entries that are not pairs, or too long, are left out.
    public static func decoded(_ bytes: [UInt8]) -> LocalLikes? {
        guard let file = try? JSONDecoder().decode(File.self, from: Data(bytes)), file.version == 1 else { return nil }
        var likes = LocalLikes()
        for pair in file.likes.suffix(limit) where pair.count == 2 {
            likes.set(Key(source: pair[0], post: pair[1]), liked: true)
        }
        return likes
    }
}
