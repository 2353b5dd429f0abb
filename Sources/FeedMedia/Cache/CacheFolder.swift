import FeedGObject
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The media cache's folder, held open for as long as anything may touch a
/// file in it: every cache file is opened, created, renamed and removed
/// relative to this descriptor (`openat`, `renameat`, `unlinkat`), never
/// by a path. A folder swapped for a link after the cache opened is never
/// followed: the files stay in the folder that was checked.
///
/// Any thread (the descriptor is only read); closed when the last holder
/// lets go.
final class CacheFolder: Sendable {
    /// The open folder (`O_DIRECTORY | O_NOFOLLOW`).
    let descriptor: Int32
    /// Where it was opened, for messages and for readers that take a whole
    /// file by its path (the picture decoder).
    let path: String

    /// Creates the folder (0700) if it is missing, opens it without
    /// following a link, and narrows it to 0700. Throws
    /// `CacheStoreError.io` when it cannot be made or is not a folder.
    init(path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw CacheStoreError.io(tr("could not create the folder %1$s (%2$s)").filled(path, error.localizedDescription))
        }
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else {
            // ELOOP or ENOTDIR: a link, or a file, stands where the folder should be.
            if errno == ELOOP || errno == ENOTDIR {
                throw CacheStoreError.io(tr("%1$s is not a folder (a link, or a file); the media cache will not use it").filled(path))
            }
            throw CacheFileIO.failure(tr("could not open the folder %1$s").filled(path))
        }
        guard fchmod(fd, 0o700) == 0 else {
            let failure = CacheFileIO.failure(tr("could not make %1$s private").filled(path))
            _ = close(fd)
            throw failure
        }
        descriptor = fd
        self.path = path
    }

    deinit {
        _ = close(descriptor)
    }

    /// The full path of the file `name` in the folder, for messages and
    /// whole-file readers.
    func path(of name: String) -> String {
        (path as NSString).appendingPathComponent(name)
    }

    /// The names of the files in the folder (any order); empty when it
    /// cannot be listed.
    func names() -> [String] {
        // fdopendir takes the descriptor it is given: list through a copy.
        let copy = dup(descriptor)
        guard copy >= 0 else { return [] }
        guard let stream = fdopendir(copy) else {
            _ = close(copy)
            return []
        }
        defer { closedir(stream) }
        rewinddir(stream)
        var names: [String] = []
        // The name is read in place, up to its NUL: a record is only as
        // long as its name (d_reclen), so copying the whole struct (256
        // bytes of name) could read past the end of readdir's buffer.
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 19
        while let entry = readdir(stream) {
            let start = UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self)
            let name = String(decoding: UnsafeRawBufferPointer(start: start, count: strlen(start)), as: UTF8.self)
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
