import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Bytes files take on disk (allocated blocks, so sparse cache files count
/// what they really hold), for the bench's "on disk" column.
enum DiskUsage {
    /// Every regular file under `directory`, symbolic links not followed.
    static func bytes(under directory: URL) -> Int64 {
        guard let walker = FileManager.default.enumerator(atPath: directory.path) else { return 0 }
        var total: Int64 = 0
        while let relative = walker.nextObject() as? String {
            var info = stat()
            guard lstat(directory.appendingPathComponent(relative).path, &info) == 0,
                  (info.st_mode & S_IFMT) == S_IFREG else { continue }
            total += Int64(info.st_blocks) * 512
        }
        return total
    }
}
