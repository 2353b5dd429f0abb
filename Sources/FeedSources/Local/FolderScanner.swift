import CGLib
import FeedCore
import Foundation

/// Lists the videos, sounds and pictures of a folder as feed items, and
/// every other file with the reason it is not one.
///
/// Stateless; blocking (it walks the disk); any thread.
public enum FolderScanner {
    /// All videos, sounds and pictures under `directory` (recursive, hidden
    /// files skipped, symlink loops safe: a link to the folder, to a folder
    /// above it or into `/proc`, `/sys` or `/dev` is listed as skipped, not
    /// followed; at most `maxEntries` entries and `maxDepth` levels, with a
    /// warning where it stopped), newest first by modification time
    /// (ties by path), each regular file typed by GIO from its content and
    /// by its name and judged by ``FolderFileRule``. A file that is not a
    /// post is listed in `skipped` and gets a line on stderr with its
    /// reason. An empty folder gives no items. Unreadable subfolders are
    /// skipped with a warning on stderr; only an unreadable top folder throws.
    ///
    /// `progress`, when given, hears the posts found so far while the scan
    /// runs (see ``ScanProgress``), so a large or slow folder can show
    /// its first posts before the scan ends.
    public static func scan(_ directory: URL, progress: ScanProgress? = nil) throws -> FolderScan {
        let top = directory.standardizedFileURL.path
        // Each folder's GFile reference is owned by `pending` and released once listed.
        let root = g_file_new_for_path(top)!
        let rootKey: FolderEntry.DirectoryKey
        do {
            rootKey = try queryTop(root, path: top)
        } catch {
            g_object_unref(UnsafeMutableRawPointer(root))
            throw error
        }

        var found: [FolderEntry] = []
        var skipped: [FolderScan.Skipped] = []
        var visited: Set<FolderEntry.DirectoryKey> = [rootKey]
        // The folder and every folder above it: a link to one is a loop
        // through what holds the folder, not part of it.
        let above = ancestors(of: top).union([rootKey])
        var pending: [(file: OpaquePointer, path: String, depth: Int)] = [(root, top, 0)]
        var isTop = true
        var entries = 0
        var stopped: String?
        let dates = DateFormatter()
        dates.dateFormat = "d MMM yyyy"
        var reporter = progress.map { ScanProgress.Reporter($0) }
        while let (folder, path, depth) = pending.popLast() {
            defer { g_object_unref(UnsafeMutableRawPointer(folder)) }
            if stopped != nil { continue }
            do {
                try list(folder) { child, info in
                    entries += 1
                    if entries % 512 == 0 { reporter?.offer(found, dates: dates) }
                    if entries > maxEntries {
                        stopped = stopped ?? "flick: stopped scanning \(top) after \(maxEntries) entries; showing what it found"
                        return false
                    }
                    switch g_file_info_get_file_type(info) {
                    case G_FILE_TYPE_DIRECTORY:
                        let childPath = Self.path(of: child)
                        let key = FolderEntry.DirectoryKey(info)
                        if g_file_info_get_is_symlink(info) != 0, above.contains(key) || Self.isSystemFolder(childPath) {
                            skipped.append(FolderScan.Skipped(path: childPath, reason: .linkNotFollowed))
                        } else if depth + 1 > maxDepth {
                            warn("flick: not entering \(childPath): folders nest deeper than \(maxDepth) levels")
                        } else if visited.insert(key).inserted {
                            pending.append((OpaquePointer(g_object_ref(UnsafeMutableRawPointer(child))), childPath, depth + 1))
                        }
                    case G_FILE_TYPE_REGULAR:
                        switch FolderEntry.judge(file: child, info: info) {
                        case .post(let entry): found.append(entry)
                        case .skipped(let file): skipped.append(file)
                        }
                    case G_FILE_TYPE_SPECIAL:
                        skipped.append(FolderScan.Skipped(path: Self.path(of: child), reason: .special))
                    default:
                        break // a broken link: nothing there
                    }
                    return true
                }
            } catch {
                if isTop { throw FolderScanError.unreadable(top, reason: error.message) }
                warn("flick: skipping the unreadable folder \(path) (\(error.message))")
            }
            isTop = false
            reporter?.offer(found, dates: dates)
        }
        if let stopped { warn(stopped) }

        attachCaptions(to: &found, from: &skipped)
        skipped.sort { $0.path < $1.path }
        for file in skipped { warn("flick: skipped \(file.line)") }
        return FolderScan(items: items(of: found, dates: dates), skipped: skipped)
    }

    /// The captions files beside each clip or sound (FeedCore's
    /// ``CaptionChoice/sidecars(of:among:)``), of at most
    /// ``CaptionChoice/maxFileBytes`` and with no NUL byte in their start
    /// (text, not a binary file named `.srt`), go with it and are no longer
    /// skipped files.
    static func attachCaptions(to found: inout [FolderEntry], from skipped: inout [FolderScan.Skipped]) {
        var namesByFolder: [String: [String]] = [:]
        // Only regular files that are not media: a pipe named .srt is never opened.
        for file in skipped where file.reason == .notMedia {
            let url = URL(fileURLWithPath: file.path)
            namesByFolder[url.deletingLastPathComponent().path, default: []].append(url.lastPathComponent)
        }
        guard !namesByFolder.isEmpty else { return }
        var attached: Set<String> = []
        for index in found.indices where found[index].kind.isPlayed {
            let url = URL(fileURLWithPath: found[index].path)
            let folder = url.deletingLastPathComponent().path
            guard let names = namesByFolder[folder] else { continue }
            found[index].captions = CaptionChoice.sidecars(of: url.lastPathComponent, among: names).compactMap { sidecar in
                let path = (folder as NSString).appendingPathComponent(sidecar.name)
                guard isCaptionText(path) else { return nil }
                attached.insert(path)
                return CaptionTrack(language: sidecar.language, uri: URL(fileURLWithPath: path).absoluteString)
            }
        }
        skipped.removeAll { attached.contains($0.path) }
    }

    /// Whether the file at `path` can be captions: at most
    /// ``CaptionChoice/maxFileBytes``, and no NUL in its first 4 KiB.
    private static func isCaptionText(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let size = try? handle.seekToEnd(), size > 0, size <= UInt64(CaptionChoice.maxFileBytes) else { return false }
        try? handle.seek(toOffset: 0)
        guard let start = try? handle.read(upToCount: CaptionChoice.sniffBytes) else { return false }
        return CaptionChoice.looksLikeText(start)
    }

    /// `found` as feed items, newest first by modification time (ties by path).
    static func items(of found: [FolderEntry], dates: DateFormatter) -> [FeedItem] {
        found.sorted { $0.modified != $1.modified ? $0.modified > $1.modified : $0.path < $1.path }
            .map { $0.item(dates: dates) }
    }

    /// Entries a scan reads at most (files and folders, skipped ones included).
    public static let maxEntries = 100_000
    /// Folder levels below the top a scan enters at most.
    public static let maxDepth = 32

    /// What GIO is asked about every entry. Types and times follow symlinks;
    /// device and inode identify folders so a link back up is visited once.
    static let attributes = [
        "standard::name", "standard::display-name", "standard::type", "standard::content-type", "standard::is-symlink",
        "standard::is-hidden", "standard::is-backup", "standard::size", "access::can-read",
        "time::modified", "time::modified-usec",
        "unix::device", "unix::inode",
    ].joined(separator: ",")

    /// Checks that `directory` is a folder Flick can list, without scanning
    /// it (the command line says so before any window; the scan runs
    /// later, off the GTK thread). Throws ``FolderScanError`` as `scan`
    /// does for its top folder.
    public static func check(_ directory: URL) throws {
        let top = directory.standardizedFileURL.path
        let root = g_file_new_for_path(top)!
        defer { g_object_unref(UnsafeMutableRawPointer(root)) }
        _ = try queryTop(root, path: top)
        var error: UnsafeMutablePointer<GError>?
        guard let children = g_file_enumerate_children(root, attributes, G_FILE_QUERY_INFO_NONE, nil, &error) else {
            throw FolderScanError.unreadable(top, reason: GIOFailure(taking: error).message)
        }
        g_file_enumerator_close(children, nil, nil)
        g_object_unref(UnsafeMutableRawPointer(children))
    }

    /// Checks that the top folder exists, is a folder, and returns its identity.
    private static func queryTop(_ root: OpaquePointer, path: String) throws -> FolderEntry.DirectoryKey {
        var error: UnsafeMutablePointer<GError>?
        guard let info = g_file_query_info(root, attributes, G_FILE_QUERY_INFO_NONE, nil, &error) else {
            let failure = GIOFailure(taking: error)
            if failure.isNotFound { throw FolderScanError.notFound(path) }
            throw FolderScanError.unreadable(path, reason: failure.message)
        }
        defer { g_object_unref(UnsafeMutableRawPointer(info)) }
        guard g_file_info_get_file_type(info) == G_FILE_TYPE_DIRECTORY else {
            throw FolderScanError.notADirectory(path)
        }
        return FolderEntry.DirectoryKey(info)
    }

    /// The identities of the folders above `path` (resolved), up to `/`.
    private static func ancestors(of path: String) -> Set<FolderEntry.DirectoryKey> {
        var keys: Set<FolderEntry.DirectoryKey> = []
        var folder = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        while folder.path != "/" {
            folder = folder.deletingLastPathComponent()
            guard let file = g_file_new_for_path(folder.path) else { break }
            defer { g_object_unref(UnsafeMutableRawPointer(file)) }
            guard let info = g_file_query_info(file, "unix::device,unix::inode", G_FILE_QUERY_INFO_NONE, nil, nil) else { continue }
            keys.insert(FolderEntry.DirectoryKey(info))
            g_object_unref(UnsafeMutableRawPointer(info))
        }
        return keys
    }

    /// Whether the folder a link at `path` leads to is the kernel's or the
    /// devices' (`/proc`, `/sys`, `/dev`): never media, and endless to walk.
    private static func isSystemFolder(_ path: String) -> Bool {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        return ["/proc", "/sys", "/dev"].contains { resolved == $0 || resolved.hasPrefix($0 + "/") }
    }

    private static func path(of file: OpaquePointer) -> String {
        g_file_get_path(file).map { path in
            defer { g_free(path) }
            return String(cString: path)
        } ?? ""
    }

    /// Calls `body` for every visible child of `folder`, until it returns false.
    private static func list(_ folder: OpaquePointer, _ body: (OpaquePointer, OpaquePointer) -> Bool) throws(GIOFailure) {
        var error: UnsafeMutablePointer<GError>?
        guard let children = g_file_enumerate_children(folder, attributes, G_FILE_QUERY_INFO_NONE, nil, &error) else {
            throw GIOFailure(taking: error)
        }
        defer {
            g_file_enumerator_close(children, nil, nil)
            g_object_unref(UnsafeMutableRawPointer(children))
        }
        while true {
            guard let info = g_file_enumerator_next_file(children, nil, &error) else {
                if error != nil { throw GIOFailure(taking: error) }
                return
            }
            defer { g_object_unref(UnsafeMutableRawPointer(info)) }
            if g_file_info_get_is_hidden(info) != 0 || g_file_info_get_is_backup(info) != 0 { continue }
            guard let child = g_file_enumerator_get_child(children, info) else { continue }
            defer { g_object_unref(UnsafeMutableRawPointer(child)) }
            if !body(child, info) { return }
        }
    }

    private static func warn(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

/// A GIO error copied out of its `GError` (which this frees).
struct GIOFailure: Error {
    var message: String
    var isNotFound: Bool

    init(taking error: UnsafeMutablePointer<GError>?) {
        guard let error else {
            message = "unknown error"
            isNotFound = false
            return
        }
        // GIO's messages repeat the path ("Error opening directory '…': Permission denied"); keep the cause.
        let full = String(cString: error.pointee.message)
        message = full.range(of: ": ", options: .backwards).map { String(full[$0.upperBound...]) } ?? full
        isNotFound = error.pointee.domain == g_io_error_quark() && error.pointee.code == Int32(G_IO_ERROR_NOT_FOUND.rawValue)
        g_error_free(error)
    }
}
