import FeedGObject
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The few POSIX calls the range store makes, with errno turned into
/// `CacheStoreError`. Callable from any thread; none of them takes a lock.
///
/// The cache never reads or writes through a link, nor opens a pipe or a
/// device: every file is named relative to the open ``CacheFolder``, opened
/// with `O_NOFOLLOW | O_NONBLOCK` and checked to be a regular file, and
/// whatever else stands where a cache file should be is removed (its
/// entry's blocks then fail their checksums, so it is fetched again).
enum CacheFileIO {
    /// Flags every open of a cache file carries.
    private static let safely = O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK

    /// Opens `name` in `folder` for positioned writes (and the reads that
    /// checksum what was written), creating it readable by the user only.
    static func openForWriting(_ name: String, in folder: CacheFolder) throws -> Int32 {
        if let fd = try openRegular(name, in: folder, O_RDWR | O_CREAT) { return fd }
        // Something other than a file stood there and is gone: make it anew.
        guard let fd = try openRegular(name, in: folder, O_RDWR | O_CREAT | O_EXCL) else {
            throw CacheStoreError.io(tr("could not open %1$s for writing (something keeps replacing it)").filled(name))
        }
        return fd
    }

    /// Opens `name` in `folder` for reading; nil when it does not exist (or
    /// was not a regular file, and is removed).
    static func openForReading(_ name: String, in folder: CacheFolder) throws -> Int32? {
        try openRegular(name, in: folder, O_RDONLY)
    }

    /// Opens `name` with `flags` if it is (or becomes) a regular file; a
    /// link, pipe, socket or device there is removed and nil returned, and
    /// so is a missing file when `flags` create none.
    private static func openRegular(_ name: String, in folder: CacheFolder, _ flags: Int32) throws -> Int32? {
        let fd = openat(folder.descriptor, name, flags | safely, 0o600)
        if fd < 0 {
            // Nothing there, and nothing to be made; with O_CREAT, ENOENT
            // means the folder itself is gone: an error, said as such below.
            if errno == ENOENT, flags & O_CREAT == 0 { return nil }
            // ELOOP: a symbolic link; ENXIO: a socket or a pipe with no writer.
            if errno == ELOOP || errno == ENXIO {
                unlinkStray(name, in: folder)
                return nil
            }
            throw failure(tr("could not open %1$s").filled(name))
        }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            _ = Glibc.close(fd)
            unlinkStray(name, in: folder)
            return nil
        }
        // Reads and writes of a regular file block as usual.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return fd
    }

    /// Removes what is not a regular file where a cache file should be, and says so.
    private static func unlinkStray(_ name: String, in folder: CacheFolder) {
        // A folder planted there goes too, if it is empty.
        if unlinkat(folder.descriptor, name, 0) != 0, errno == EISDIR { _ = unlinkat(folder.descriptor, name, AT_REMOVEDIR) }
        FileHandle.standardError.write(Data("flick: warning: removed \(name) from the media cache: it was not a regular file\n".utf8))
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
                    throw failure(tr("could not write %1$s").filled(what))
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
                    throw failure(tr("could not read %1$s").filled(what))
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
        guard fdatasync(fd) == 0 else { throw failure(tr("could not save %1$s to disk").filled(what)) }
    }

    /// Writes `data` to `name` in `folder` atomically: a 0600 temp file
    /// beside it, fsync, rename, fsync the folder.
    static func replaceAtomically(_ name: String, in folder: CacheFolder, with data: Data) throws {
        let temporary = name + CacheFileName.temporarySuffix
        guard let fd = try openRegular(temporary, in: folder, O_WRONLY | O_CREAT | O_TRUNC)
            ?? openRegular(temporary, in: folder, O_WRONLY | O_CREAT | O_EXCL) else {
            throw CacheStoreError.io(tr("could not create %1$s (something keeps replacing it)").filled(temporary))
        }
        do {
            try write(fd, data, at: 0, what: temporary)
            guard fsync(fd) == 0 else { throw failure(tr("could not save %1$s to disk").filled(temporary)) }
        } catch {
            _ = Glibc.close(fd)
            _ = unlinkat(folder.descriptor, temporary, 0)
            throw error
        }
        _ = Glibc.close(fd)
        guard renameat(folder.descriptor, temporary, folder.descriptor, name) == 0 else {
            let failure = failure(tr("could not rename %1$s").filled(temporary))
            _ = unlinkat(folder.descriptor, temporary, 0)
            throw failure
        }
        _ = fsync(folder.descriptor) // the rename on disk; best effort
    }

    /// The size in bytes of `name` in `folder`; nil when it does not exist
    /// or is not a regular file.
    static func size(_ name: String, in folder: CacheFolder) -> Int64? {
        var info = stat()
        guard fstatat(folder.descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0,
              (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int64(info.st_size)
    }

    /// Deletes `name` from `folder`; a missing file is fine.
    static func remove(_ name: String, in folder: CacheFolder) {
        _ = unlinkat(folder.descriptor, name, 0)
    }

    /// The error for the current errno: `.diskFull` for ENOSPC and EDQUOT,
    /// else `.io`. `failed` says what could not be done ("could not write
    /// the index"), in the user's language.
    static func failure(_ failed: String) -> CacheStoreError {
        let code = errno
        if code == ENOSPC || code == EDQUOT { return .diskFull(failed) }
        // Translators: what could not be done, then the system's reason ("No space left on device").
        return .io(tr("%1$s (%2$s)").filled(failed, String(cString: strerror(code))))
    }
}

extension CacheFileIO {
    /// Closes a descriptor from `openForWriting` or `openForReading`.
    static func close(_ fd: Int32) {
        _ = Glibc.close(fd)
    }
}
