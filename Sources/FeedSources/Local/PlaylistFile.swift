import FeedGObject
import FeedCore
import Foundation

/// A playlist or feed file on disk (`flick trip.m3u`, a downloaded
/// `feed.xml` opened from the file manager): read whole, at most
/// ``FeedDocument/maxBytes``, and parsed as M3U (``M3UDocument``) or, for
/// the other extensions, as a feed's first page in the format its body
/// shows (JSON Feed, RSS or Atom, Flick's), its entries relative to the
/// file. A feed file is one page: its next pages are not followed. Any thread.
public struct PlaylistFile: Sendable {
    /// The extensions that make a path a playlist rather than a folder.
    public static let playlistExtensions: Set<String> = ["m3u", "m3u8"]
    /// The extensions of feed documents saved to disk.
    public static let feedExtensions: Set<String> = ["rss", "atom", "xml", "json"]
    /// Every extension read as a file rather than a folder.
    public static let extensions = playlistExtensions.union(feedExtensions)

    /// What a playlist cannot be read for, in one line for the user.
    public struct ReadError: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// The file's name, for the window's title.
    public let displayName: String
    /// The file's absolute path (what the sources sidebar opens it by).
    public let path: String
    /// Its posts, and the entries left out with why.
    public let page: FeedPage

    /// Whether `path` names a playlist by its extension.
    public static func isPlaylist(path: String) -> Bool {
        extensions.contains((path as NSString).pathExtension.lowercased())
    }

    /// Reads and parses the playlist at `path`.
    public init(path: String) throws(ReadError) {
        let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath).standardizedFileURL
        let name = url.lastPathComponent
        self.path = url.path
        // Opened without waiting (a named pipe's open would wait for a
        // writer for ever), then read only if it is a regular file.
        let fd = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let missing = errno == ENOENT
            throw ReadError(description: (missing ? tr("The playlist %1$s does not exist: check the path.")
                                                  : tr("Cannot read the playlist %1$s: permission denied or not a file."))
                .filled(path))
        }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw ReadError(description: tr("The playlist %1$s is not a regular file (a pipe, socket or device); Flick reads playlists from files.").filled(path))
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: FeedDocument.maxBytes + 1) ?? Data()
        } catch {
            throw ReadError(description: tr("Cannot read the playlist %1$s: %2$s").filled(path, error.localizedDescription))
        }
        guard data.count <= FeedDocument.maxBytes else {
            throw ReadError(description: tr("The playlist %1$s is larger than %2$s MB; Flick reads playlists up to that size.").filled(path, String(FeedDocument.maxBytes / 1_048_576)))
        }
        do {
            if Self.playlistExtensions.contains(url.pathExtension.lowercased()) {
                page = try M3UDocument.parse(data, pageURL: url)
            } else {
                page = try FeedFormat.detect.parse(data, pageURL: url, knownIDs: [])
            }
        } catch {
            throw ReadError(description: tr("The playlist %1$s cannot be read: %2$s").filled(path, "\(error)"))
        }
        displayName = name
    }
}
