import FeedCore
import Foundation
import FeedGObject

/// Reads an M3U or M3U8 playlist as one feed page. Pure: bytes in, a
/// ``FeedPage`` or a ``FeedLoadError`` out; any thread.
///
/// - Each entry (a line that is not blank and not a `#` comment or tag)
///   becomes a post, in order, resolved against the playlist's address;
///   `#EXTINF:SECONDS,TITLE` before it gives its duration (when positive)
///   and title. A space in an entry is percent-encoded (local playlists
///   name paths as they are); any other character URLs do not allow makes
///   the entry skipped with its reason.
/// - The kind comes from the entry's extension: pictures (`jpg`, `png`,
///   `webp`, `gif`, …) are photo posts, sounds (`mp3`, `ogg`, `flac`, …)
///   sound posts, anything else a video.
/// - A playlist with `#EXT-X-` tags is an HLS stream: one video post, the
///   playlist itself, not a list.
/// - Every post goes through the same rules as a Flick feed's items
///   (``FeedDocument/validate(_:pageURL:)``); a playlist read over http(s)
///   may only name http(s) entries. UTF-8, else Latin-1 (plain `.m3u`).
public enum M3UDocument {
    /// Whether `data` is an M3U playlist: it starts with `#EXTM3U` (a byte
    /// order mark and white space before it allowed).
    public static func recognizes(_ data: Data) -> Bool {
        text(of: data.prefix(64)).map { $0.drop { $0 == "\u{FEFF}" || $0.isWhitespace }.hasPrefix("#EXTM3U") } ?? false
    }

    public static func parse(_ data: Data, pageURL: URL, knownIDs: Set<String> = []) throws(FeedLoadError) -> FeedPage {
        guard data.count <= FeedDocument.maxBytes else { throw .tooLarge(bytes: data.count, limit: FeedDocument.maxBytes) }
        guard let text = text(of: data), !text.contains("\u{0}") else { throw .schema(tr("the playlist is not text")) }
        let lines = text.split(omittingEmptySubsequences: true) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        if lines.contains(where: { $0.hasPrefix("#EXT-X-") }) {
            return page(of: [(FeedDocument.RawItem(id: pageURL.absoluteString, type: FeedItem.Kind.video.rawValue,
                                                   uri: pageURL.absoluteString, poster: nil, duration: nil,
                                                   title: nil, subtitle: nil, author: nil), 0)],
                        pageURL: pageURL, knownIDs: knownIDs)
        }
        var entries: [(FeedDocument.RawItem, Int)] = []
        var info: (duration: Double?, title: String?)?
        for line in lines where !line.isEmpty {
            if line.hasPrefix("#EXTINF:") {
                let body = line.dropFirst("#EXTINF:".count)
                let comma = body.firstIndex(of: ",")
                let seconds = Double(body[..<(comma ?? body.endIndex)].split(separator: " ").first ?? "")
                let title = comma.map { String(body[body.index(after: $0)...]).trimmingCharacters(in: .whitespaces) }
                info = (seconds.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }, title?.isEmpty == false ? title : nil)
                continue
            }
            if line.hasPrefix("#") { continue }
            guard entries.count < FeedDocument.maxItems else {
                throw .tooManyItems(count: entries.count + 1, limit: FeedDocument.maxItems)
            }
            let uri = line.replacingOccurrences(of: " ", with: "%20")
            let raw = FeedDocument.RawItem(id: uri, type: MediaKindRule.kind(ofAddress: uri).rawValue, uri: uri, poster: nil,
                                           duration: info?.duration, title: info?.title, subtitle: nil, author: nil)
            entries.append((raw, entries.count))
            info = nil
        }
        return page(of: entries, pageURL: pageURL, knownIDs: knownIDs)
    }

    /// The entries through the feed rules; ids are the resolved addresses.
    private static func page(of entries: [(FeedDocument.RawItem, Int)], pageURL: URL, knownIDs: Set<String>) -> FeedPage {
        var page = FeedPage(items: [])
        var ids = Set<String>()
        for (raw, index) in entries {
            switch FeedDocument.validate(raw, pageURL: pageURL) {
            case .failure(let reason):
                page.skipped.append(SkippedFeedItem(index: index, id: nil, reason: reason))
            case .success(var (item, _)):
                item.id = item.uri // an entry is its address, wherever it was written from
                page.admit(item, index: index, knownIDs: knownIDs, seen: &ids)
            }
        }
        return page
    }

    private static func text(of data: Data) -> String? {
        String(data: data, encoding: .utf8) ?? String(data: data, encoding: .isoLatin1)
    }
}
