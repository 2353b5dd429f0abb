import FeedGObject
import Foundation

/// Writes a saved post's bytes into its folder: a hidden temporary file
/// first (`.flick-save-*.part`, created new, 0666 less the user's umask), synced, then linked to
/// its final name, which fails rather than replace a file; the temporary
/// name goes in every case. Worker threads; blocking.
package enum SavedFile {
    /// Copies `source` into `folder` under the first free name `name`
    /// gives (nil: none free); the saved file, or why there is none.
    package static func write(from source: URL, into folder: URL,
                      name: (_ taken: (String) -> Bool) -> String?) -> Result<URL, SaveFailure> {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            return .failure(.write(error.localizedDescription))
        }
        let temporary = folder.appendingPathComponent(".flick-save-\(UUID().uuidString).part")
        defer { unlink(temporary.path) }
        if let failure = copy(source, to: temporary) { return .failure(failure) }
        for _ in 0..<10 {
            guard let chosen = name({ isTaken(folder.appendingPathComponent($0)) }) else {
                return .failure(.write(tr("every name for it is taken")))
            }
            let target = folder.appendingPathComponent(chosen)
            if link(temporary.path, target.path) == 0 { return .success(target) }
            // Taken between the look and the link: look again.
            guard errno == EEXIST else { return .failure(failure(errno)) }
        }
        return .failure(.write(tr("every name for it is taken")))
    }

    /// Whether anything has the name `url`: a file, a folder, a link, a
    /// dangling link too (`lstat`, which follows no link; `link()` refuses
    /// every one of them, so a name is free only when nothing has it).
    static func isTaken(_ url: URL) -> Bool {
        var info = stat()
        return lstat(url.path, &info) == 0 || errno != ENOENT
    }

    /// Copies `source` to the new file `target`, synced; nil when it is whole.
    private static func copy(_ source: URL, to target: URL) -> SaveFailure? {
        let input = open(source.path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { return .write(String(cString: strerror(errno))) }
        defer { close(input) }
        let output = open(target.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard output >= 0 else { return failure(errno) }
        defer { close(output) }
        // The user's own folder: the file is theirs to share, as their umask says.
        _ = fchmod(output, PrivateFiles.sharedFileMode)
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 { if errno == EINTR { continue }; return .write(String(cString: strerror(errno))) }
            if count == 0 { break }
            var written = 0
            while written < count {
                let step = buffer.withUnsafeBytes { Glibc.write(output, $0.baseAddress! + written, count - written) }
                if step < 0 { if errno == EINTR { continue }; return failure(errno) }
                written += step
            }
        }
        guard fsync(output) == 0 else { return failure(errno) }
        return nil
    }

    /// `.diskFull` for a full disk, a quota or a file size limit; else the system's words.
    private static func failure(_ code: Int32) -> SaveFailure {
        code == ENOSPC || code == EDQUOT || code == EFBIG ? .diskFull : .write(String(cString: strerror(code)))
    }
}
