import CGLib
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A local file's path as the file system's bytes, which need not be UTF-8
/// (`\xff\xfe`, a newline, an escape). A Swift `String` cannot hold such
/// bytes — Foundation's `URL.path` of `file:///%FF%FE.png` is empty — so
/// names travel as URIs (`g_file_get_uri`) and become bytes here, through
/// `g_filename_from_uri`, right before a system call. Immutable; any thread.
public struct FileSystemPath: Sendable, Equatable {
    /// The path's bytes, NUL-terminated.
    private let bytes: [CChar]

    /// The path of a `file:` URI; nil for any other URI.
    public init?(uri: String) {
        guard let raw = g_filename_from_uri(uri, nil, nil) else { return nil }
        defer { g_free(raw) }
        bytes = Array(UnsafeBufferPointer(start: raw, count: strlen(raw) + 1))
    }

    /// The path `url` names: its bytes for a `file:` URL, its `path` otherwise.
    public init(_ url: URL) {
        if url.isFileURL, let path = FileSystemPath(uri: url.absoluteString) {
            self = path
        } else {
            bytes = Array(url.path.utf8CString)
        }
    }

    /// Calls `body` with the path as a C string, for the file system.
    public func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// What a path leads to (links followed), told without opening it.
    public enum Kind: Sendable, Equatable {
        case regular, folder
        /// A named pipe, a socket or a device: opening one may never return.
        case special
    }

    /// What is at the path, by `stat`: nil when nothing can be examined
    /// there (`errno` says why). Blocking (metadata); any thread.
    public func kind() -> Kind? {
        var info = stat()
        guard withCString({ stat($0, &info) }) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .folder
        default: return .special
        }
    }

    /// The path for people: GLib's display name (invalid bytes shown as
    /// escapes), for messages and logs.
    public var display: String {
        withCString { path in
            guard let shown = g_filename_display_name(path) else { return "" }
            defer { g_free(shown) }
            return String(cString: shown)
        }
    }
}
