import CGLib
import Foundation
import Synchronization

/// What Flick keeps about what someone watches is theirs alone: every
/// folder it makes under the cache and data folders is 0700 and every file
/// 0600, whatever the umask, including the files GStreamer's sinks and
/// GLib make for it (the demo's media, the renderer it found). Done with
/// the process's umask, set once before any thread starts (``adopt()``),
/// and by narrowing the folders of Flick's own that an earlier version
/// left readable by others. A save into the user's own folder is the one
/// file made for others to see: it keeps the user's umask (``sharedFileMode``).
public enum PrivateFiles {
    /// The umask the user started Flick with (``adopt()`` keeps it; before
    /// that, the process's own).
    public static var userUmask: mode_t {
        if let kept = adoptedUmask.withLock({ $0 }) { return kept }
        let current = umask(0o077)
        umask(current)
        return current
    }

    /// Set once by ``adopt()``.
    private static let adoptedUmask = Mutex<mode_t?>(nil)

    /// The mode a file the user keeps (a saved post) gets: 0666 less the user's umask.
    public static var sharedFileMode: mode_t { 0o666 & ~userUmask }

    /// Flick's folder name under the cache and data folders.
    public static let folderName = "io.github.flick.Flick"

    /// `$XDG_CACHE_HOME/io.github.flick.Flick`: the media cache, the demo's
    /// media, captions, the renderer found.
    public static var cacheFolder: URL {
        URL(fileURLWithPath: String(cString: g_get_user_cache_dir())).appendingPathComponent(folderName)
    }

    /// `$XDG_DATA_HOME/io.github.flick.Flick`: the likes kept on this computer.
    public static var dataFolder: URL {
        URL(fileURLWithPath: String(cString: g_get_user_data_dir())).appendingPathComponent(folderName)
    }

    /// The pictures of an engine made without the media cache.
    public static var pictureFolder: URL {
        URL(fileURLWithPath: String(cString: g_get_user_cache_dir())).appendingPathComponent("flick-feed-images")
    }

    /// The folders Flick makes for itself, which ``adopt()`` narrows.
    public static var ownFolders: [URL] { [cacheFolder, dataFolder, pictureFolder] }

    /// Sets the umask (077) and narrows ``ownFolders`` that exist to 0700,
    /// following no link (a link or a file there is left as it is). At
    /// start, before any thread: two system calls per folder, no reading.
    public static func adopt() {
        adoptedUmask.withLock { kept in
            let user = umask(0o077)
            if kept == nil { kept = user }
        }
        for folder in ownFolders {
            let fd = open(folder.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard fd >= 0 else { continue }
            _ = fchmod(fd, 0o700)
            close(fd)
        }
    }
}
