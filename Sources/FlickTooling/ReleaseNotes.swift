import CGLib
import FeedGObject
import FeedMedia
import FeedSources
import Foundation

/// The newest release in Flick's metainfo, as the About window shows it:
/// its version and its description in AppStream's markup (paragraphs and
/// lists), rebuilt from the parsed document with every text escaped.
public struct ReleaseNotes: Equatable, Sendable {
    public var version: String
    public var markup: String

    /// The metainfo files to look in, most specific first: the source
    /// tree's template under `$FLICK_DATA_DIR`, then the installed file in
    /// the user's and the system's data folders.
    static var candidates: [URL] {
        var found: [URL] = []
        if let dir = ProcessInfo.processInfo.environment["FLICK_DATA_DIR"] {
            found.append(URL(fileURLWithPath: dir).appendingPathComponent("io.github.flick.Flick.metainfo.xml.in"))
        }
        var dirs = [String(cString: g_get_user_data_dir())]
        if var system = g_get_system_data_dirs() {
            while let dir = system.pointee {
                dirs.append(String(cString: dir))
                system += 1
            }
        }
        found += dirs.map { URL(fileURLWithPath: $0).appendingPathComponent("metainfo/\(PrivateFiles.folderName).metainfo.xml") }
        return found
    }

    /// Reads the first metainfo file that exists (at most 1 MB of it). Blocking: off the GTK thread.
    /// Reads the notes on the thread of Flick's small files and hands them
    /// (nil when no metainfo is found) to `answer` on the GTK thread.
    public static func read(_ answer: @escaping @MainActor @Sendable (ReleaseNotes?) -> Void) {
        WorkerThreads.files.async {
            let notes = load()
            MainThreadHop.reply(notes, to: answer)
        }
    }

    static func load() -> ReleaseNotes? {
        for file in candidates {
            guard let handle = try? FileHandle(forReadingFrom: file) else { continue }
            defer { try? handle.close() }
            guard let data = try? handle.read(upToCount: 1_048_576) else { continue }
            if let notes = newest(in: data) { return notes }
            Log.warning("the release notes in \(file.path) could not be read")
        }
        return nil
    }

    /// The newest release's notes in a metainfo document (its first
    /// `<release>`), nil when it has none with a version.
    public static func newest(in data: Data) -> ReleaseNotes? {
        guard let root = try? XMLTree.parse(data),
              let release = root.child("releases", in: nil)?.children("release", in: nil).first,
              let version = release.attributes["version"], !version.isEmpty else { return nil }
        var markup = ""
        for block in release.child("description", in: nil)?.children ?? [] {
            switch block.name {
            case "p": markup += "<p>\(escaped(block.text))</p>"
            case "ul", "ol":
                let items = block.children("li", in: nil).map { "<li>\(escaped($0.text))</li>" }.joined()
                markup += "<\(block.name)>\(items)</\(block.name)>"
            default: continue
            }
        }
        return ReleaseNotes(version: version, markup: markup)
    }

    /// `text` with its markup characters escaped (GLib's rules).
    private static func escaped(_ text: String) -> String {
        let trimmed = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard let escaped = g_markup_escape_text(trimmed, -1) else { return "" }
        defer { g_free(escaped) }
        return String(cString: escaped)
    }
}
