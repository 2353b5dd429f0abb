import CGLib
import CSoup
import FeedMedia
import Foundation

/// The bytes behind one response and the validators that describe them.
/// Made and read on the server's thread, one per request.
final class ResponseBody {
    /// Bytes in the whole representation (what a 200 sends).
    let length: Int
    let contentType: String
    /// A strong validator, quotes included; nil for generated bodies.
    let etag: String?
    /// An HTTP date; nil for generated bodies.
    let lastModified: String?

    private enum Source {
        /// The file's first `fileLength` bytes, then zero bytes up to `length`
        /// (a `changeETag` version of the file).
        case file(FileHandle, fileLength: Int)
        case data(Data)
    }

    private let source: Source

    private init(length: Int, contentType: String, etag: String?, lastModified: String?, source: Source) {
        self.length = length
        self.contentType = contentType
        self.etag = etag
        self.lastModified = lastModified
        self.source = source
    }

    deinit {
        if case .file(let handle, _) = source { try? handle.close() }
    }

    /// A generated body (JSON feed pages).
    static func data(_ data: Data, contentType: String) -> ResponseBody {
        ResponseBody(length: data.count, contentType: contentType, etag: nil, lastModified: nil, source: .data(data))
    }

    /// A regular file, or nil when there is none to read at `url`.
    /// - Parameters:
    ///   - contentType: nil guesses it from the name and first bytes (GIO).
    ///   - version: above 0, the file as changed that many times: a new ETag
    ///     and `version` zero bytes appended.
    ///   - laterDate: a Last-Modified (and ETag) a day after the file's.
    static func file(_ url: URL, contentType: String?, version: Int = 0, laterDate: Bool = false) -> ResponseBody? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
              attributes[.type] as? FileAttributeType == .typeRegular,
              let size = (attributes[.size] as? NSNumber)?.intValue,
              let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        let modified = ((attributes[.modificationDate] as? Date) ?? Date(timeIntervalSince1970: 0))
            .addingTimeInterval(laterDate ? 86_400 : 0)
        let micros = gint64((modified.timeIntervalSince1970 * 1_000_000).rounded())
        var tag = String(size, radix: 16) + "-" + String(micros, radix: 16)
        if version > 0 { tag += "-v\(version)" }
        let type = contentType ?? guessContentType(url, handle: handle)
        return ResponseBody(length: size + max(0, version), contentType: type, etag: "\"\(tag)\"",
                            lastModified: httpDate(secondsSince1970: micros / 1_000_000),
                            source: .file(handle, fileLength: size))
    }

    /// Up to `count` bytes from `offset`; always `min(count, length - offset)`
    /// bytes, padded with zeros if the file shrank under us (the promised
    /// Content-Length is kept either way).
    func read(offset: Int, count: Int) -> Data {
        let wanted = max(0, min(count, length - offset))
        guard wanted > 0 else { return Data() }
        switch source {
        case .data(let data):
            return data.subdata(in: (data.startIndex + offset)..<(data.startIndex + offset + wanted))
        case .file(let handle, let fileLength):
            var bytes = Data()
            if offset < fileLength {
                try? handle.seek(toOffset: UInt64(offset))
                bytes = (try? handle.read(upToCount: min(wanted, fileLength - offset))) ?? Data()
            }
            if bytes.count < wanted { bytes.append(Data(count: wanted - bytes.count)) }
            return bytes
        }
    }

    /// GIO's guess from the name and the first 4 KiB, as a MIME type.
    private static func guessContentType(_ url: URL, handle: FileHandle) -> String {
        let head = (try? handle.read(upToCount: 4096)) ?? Data()
        try? handle.seek(toOffset: 0)
        var uncertain: gboolean = 0
        let guessed: UnsafeMutablePointer<gchar>? = head.withUnsafeBytes { raw in
            g_content_type_guess(url.lastPathComponent, raw.bindMemory(to: guchar.self).baseAddress, gsize(head.count), &uncertain)
        }
        guard let guessed else { return defaultContentType }
        defer { g_free(guessed) }
        guard let mime = g_content_type_get_mime_type(guessed) else { return defaultContentType }
        defer { g_free(mime) }
        return String(cString: mime)
    }

    static let defaultContentType = "application/octet-stream"

    private static func httpDate(secondsSince1970: gint64) -> String? {
        guard let date = g_date_time_new_from_unix_utc(secondsSince1970) else { return nil }
        defer { g_date_time_unref(date) }
        guard let text = soup_date_time_to_string(date, SOUP_DATE_HTTP) else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }
}
