import CGLib
import FeedCore
import FeedGObject
import FeedSources
import Foundation

/// Captions files of remote posts, fetched once and kept on disk: the
/// bounded fetcher reads at most ``CaptionChoice/maxFileBytes`` in at most
/// ``timeoutSeconds``, a body with a NUL byte in its start is refused, and
/// what passes is written beside the others (a temporary file renamed into
/// place), named by its address's SHA-256, so a warm run reads the disk
/// only. At most ``maxFiles`` are kept, the oldest going first. Shared by
/// the sessions of one ``MediaEngine``; GTK thread only (the disk work is
/// a few small files, once per caption).
@MainActor
public final class RemoteCaptions {
    /// Where the files are.
    let directory: URL
    private let session: GObjectRef
    /// Fetches under way, by address, with who waits for each.
    private var fetching: [URL: (request: FeedRequest, waiting: [@MainActor (String) -> Void])] = [:]
    /// Addresses that failed this run: not asked again until the next.
    private var failed: Set<URL> = []

    static let timeoutSeconds = 20
    static let maxFiles = 200
    static let accept = "text/vtt, application/x-subrip, text/plain;q=0.9, */*;q=0.5"

    init(directory: URL, session: GObjectRef) {
        self.directory = directory
        self.session = session
    }

    /// The file on this computer for the captions at `url` (`file://`)
    /// when it was fetched before; else nil, and the fetch starts (once)
    /// and `ready` hears the file's address when it lands.
    func file(for url: URL, headers: [String: String], ready: @escaping @MainActor (String) -> Void) -> String? {
        let stem = self.stem(for: url)
        if let kept = CaptionFormat.allCases.map({ stem.appendingPathExtension($0.fileExtension) })
            .first(where: { FileManager.default.fileExists(atPath: $0.path) }) {
            return kept.absoluteString
        }
        guard !failed.contains(url) else { return nil }
        if fetching[url] != nil {
            fetching[url]?.waiting.append(ready)
            return nil
        }
        let request = FeedRequest(url: url, session: session, maxBytes: CaptionChoice.maxFileBytes,
                                  timeoutSeconds: Self.timeoutSeconds, accept: Self.accept,
                                  headers: headers) { [weak self] outcome in self?.answered(url, outcome) }
        guard let request else {
            failed.insert(url)
            return nil
        }
        fetching[url] = (request, [ready])
        return nil
    }

    /// Stops every fetch (the engine is going away).
    func cancelAll() {
        for entry in fetching.values { entry.request.cancel() }
        fetching.removeAll()
    }

    // MARK: Internals

    private func answered(_ url: URL, _ outcome: FeedRequest.Outcome) {
        guard let entry = fetching.removeValue(forKey: url) else { return }
        guard case .response(let answer) = outcome, (200..<300).contains(answer.status),
              CaptionChoice.looksLikeText(answer.body), !answer.body.isEmpty else {
            warn("flick: warning: captions \(url.absoluteString) could not be read; the post plays without them")
            failed.insert(url)
            return
        }
        let format = CaptionFormat.declared(mimeType: answer.contentType, address: url.absoluteString)
            ?? Self.undeclaredFormat(answer.body)
        let target = stem(for: url).appendingPathExtension(format.fileExtension)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let part = directory.appendingPathComponent(".\(target.lastPathComponent).part")
            try answer.body.write(to: part)
            // rename(2): the whole file appears under its name at once, or nothing does.
            guard rename(part.path, target.path) == 0 else {
                let reason = String(cString: strerror(errno))
                try? FileManager.default.removeItem(at: part)
                throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: reason])
            }
        } catch {
            warn("flick: warning: could not keep the captions \(url.absoluteString): \(error.localizedDescription)")
            failed.insert(url)
            return
        }
        trim()
        for ready in entry.waiting { ready(target.absoluteString) }
    }

    /// The format of captions whose type and address say none: WebVTT
    /// when the file starts as one (after a BOM), else SubRip.
    static func undeclaredFormat(_ body: Data) -> CaptionFormat {
        let start = body.prefix(9)
        let text = start.starts(with: [0xEF, 0xBB, 0xBF]) ? start.dropFirst(3) : start
        return text.starts(with: Array("WEBVTT".utf8)) ? .webVTT : .subRip
    }

    /// The file for `url` without its ending: its SHA-256 (GLib's), in
    /// ``directory``. The ending is its format's, which tells the player
    /// the format (``CaptionFormat``).
    private func stem(for url: URL) -> URL {
        let digest = g_compute_checksum_for_string(G_CHECKSUM_SHA256, url.absoluteString, -1).map { text in
            defer { g_free(text) }
            return String(cString: text)
        } ?? String(url.absoluteString.hashValue)
        return directory.appendingPathComponent(digest)
    }

    /// Keeps at most ``maxFiles`` files, the least recently written going first.
    private func trim() {
        let keys: [URLResourceKey] = [.contentModificationDateKey]
        guard let files = try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys),
              files.count > Self.maxFiles else { return }
        let dated = files.filter { CaptionChoice.extensions.contains($0.pathExtension) }.map { file in
            (file, (try? file.resourceValues(forKeys: Set(keys)).contentModificationDate) ?? .distantPast)
        }.sorted { $0.1 < $1.1 }
        for (file, _) in dated.prefix(max(0, dated.count - Self.maxFiles)) { try? FileManager.default.removeItem(at: file) }
    }

    private func warn(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
