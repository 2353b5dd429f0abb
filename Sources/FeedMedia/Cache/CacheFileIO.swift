import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The few POSIX calls the range store makes, with errno turned into
/// `CacheStoreError`. Callable from any thread; none of them takes a lock.
enum CacheFileIO {
    /// Opens `path` for positioned writes (and the reads that checksum
    /// what was written), creating it readable by the user only.
    static func openForWriting(_ path: String) throws -> Int32 {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw failure("open \(name(path)) for writing") }
        return fd
    }

    /// Opens `path` for reading; nil when it does not exist.
    static func openForReading(_ path: String) throws -> Int32? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw failure("open \(name(path))")
        }
        return fd
    }

    /// Writes all of `data` at `offset`, retrying short writes and EINTR.
    static func write(_ fd: Int32, _ data: Data, at offset: Int64, what: String) throws {
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            guard let base = buffer.baseAddress else { return }
            var done = 0
            while done < buffer.count {
                let n = pwrite(fd, base + done, buffer.count - done, off_t(offset) + off_t(done))
                if n < 0 {
                    if errno == EINTR { continue }
                    throw failure("write \(what)")
                }
                done += n
            }
        }
    }

    /// Reads up to `length` bytes at `offset`; fewer only at the end of the file.
    static func read(_ fd: Int32, length: Int, at offset: Int64, what: String) throws -> Data {
        var data = Data(count: length)
        let got = try data.withUnsafeMutableBytes { (buffer: UnsafeMutableRawBufferPointer) -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            var done = 0
            while done < length {
                let n = pread(fd, base + done, length - done, off_t(offset) + off_t(done))
                if n < 0 {
                    if errno == EINTR { continue }
                    throw failure("read \(what)")
                }
                if n == 0 { break }
                done += n
            }
            return done
        }
        if got < length { data.removeSubrange(got..<length) }
        return data
    }

    /// Flushes a file's data (and the size needed to read it) to the disk.
    static func syncData(_ fd: Int32, what: String) throws {
        guard fdatasync(fd) == 0 else { throw failure("sync \(what)") }
    }

    /// Flushes a folder's entries (after a rename) to the disk; best effort.
    static func syncFolder(_ path: String) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        _ = Glibc.close(fd)
    }

    /// Writes `data` to `path` atomically: a 0600 temp file beside it, fsync, rename, fsync the folder.
    static func replaceAtomically(_ path: String, with data: Data) throws {
        let temporary = path + CacheFileName.temporarySuffix
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw failure("create \(name(temporary))") }
        do {
            try write(fd, data, at: 0, what: name(temporary))
            guard fsync(fd) == 0 else { throw failure("sync \(name(temporary))") }
        } catch {
            _ = Glibc.close(fd)
            _ = unlink(temporary)
            throw error
        }
        _ = Glibc.close(fd)
        guard rename(temporary, path) == 0 else {
            let failure = failure("rename \(name(temporary))")
            _ = unlink(temporary)
            throw failure
        }
        syncFolder((path as NSString).deletingLastPathComponent)
    }

    /// The file's size in bytes; nil when it does not exist or cannot be examined.
    static func size(_ path: String) -> Int64? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int64(info.st_size)
    }

    /// Deletes a file; a missing file is fine.
    static func remove(_ path: String) {
        _ = unlink(path)
    }

    /// The error for the current errno: `.diskFull` for ENOSPC and EDQUOT, else `.io`.
    static func failure(_ action: String) -> CacheStoreError {
        let code = errno
        if code == ENOSPC || code == EDQUOT { return .diskFull(action) }
        return .io("could not \(action) (\(String(cString: strerror(code))))")
    }

    private static func name(_ path: String) -> String {
        (path as NSString).lastPathComponent
    }
}

extension CacheFileIO {
    /// Closes a descriptor from `openForWriting` or `openForReading`.
    static func close(_ fd: Int32) {
        _ = Glibc.close(fd)
    }
}
