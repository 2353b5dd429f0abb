import CGLib
import FeedCore
import Foundation
@testable import FeedDemo
@testable import FeedMedia

/// Helpers shared by the range store tests.
enum RangeStoreSupport {
    static func video(_ name: String) -> CacheKey {
        CacheKey(kind: .video, source: "https://media.example.org/\(name).mp4")
    }

    static func image(_ name: String) -> CacheKey {
        CacheKey(kind: .image, source: "https://media.example.org/\(name).jpg")
    }

    /// `count` bytes from a seeded generator, so failures replay.
    static func bytes(_ count: Int, seed: UInt64) -> Data {
        var random = TestGenerator(state: seed)
        return Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &random) })
    }

    /// SHA-256 hex of the key's text, as GLib computes it.
    static func sha256(_ text: String) -> String {
        let checksum = g_compute_checksum_for_string(G_CHECKSUM_SHA256, text, -1)!
        defer { g_free(checksum) }
        return String(cString: checksum)
    }

    /// Names of the regular files in `folder`.
    static func files(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// The data files in `folder`.
    static func dataFiles(in folder: URL) -> [String] {
        files(in: folder).filter { $0.hasSuffix(".data") }
    }

    /// What `du` counts: allocated 512-byte blocks of the files in `folder`, in bytes.
    static func allocatedBytes(in folder: URL, only: (String) -> Bool = { _ in true }) -> Int64 {
        files(in: folder).filter(only).reduce(0) { total, name in
            var info = stat()
            guard stat(folder.appendingPathComponent(name).path, &info) == 0 else { return total }
            return total + Int64(info.st_blocks) * 512
        }
    }

    /// The file's permission bits.
    static func mode(_ url: URL) -> Int {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return -1 }
        return Int(info.st_mode & 0o777)
    }
}

/// SplitMix64.
struct TestGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}
