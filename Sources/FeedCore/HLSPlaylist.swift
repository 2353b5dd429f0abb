// Pure: values only, imports Foundation at most.
import Foundation

/// What the cache may keep of an HLS playlist it served.
///
/// A playlist that says it is complete (`#EXT-X-ENDLIST`, or
/// `#EXT-X-PLAYLIST-TYPE:VOD`) never changes, so a second viewing reads it
/// from disk. Any other playlist (a live one, a master playlist, one cut
/// short) may change under the same address: it is fetched again each
/// time it is opened, and only its segments stay on disk.
public enum HLSPlaylist {
    /// Bytes of a playlist the cache looks at; a longer one is not kept.
    public static let maxKeptBytes = 1_048_576

    /// Whether `text`, the whole playlist as served, may be kept: it is an
    /// HLS playlist (`#EXTM3U` first) that says it is complete.
    public static func isFinal(_ text: String) -> Bool {
        var lines = text.split(whereSeparator: \.isNewline).lazy
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.makeIterator()
        guard let first = lines.next(), first.hasPrefix("#EXTM3U") else { return false }
        while let line = lines.next() {
            if line == "#EXT-X-ENDLIST" || line == "#EXT-X-PLAYLIST-TYPE:VOD" { return true }
        }
        return false
    }
}
