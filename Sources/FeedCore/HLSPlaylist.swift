// Pure: values only, imports Foundation at most.
import Foundation

/// What the cache may keep of an HLS playlist it served.
///
/// A playlist that says it is complete (`#EXT-X-ENDLIST`, or
/// `#EXT-X-PLAYLIST-TYPE:VOD`) never changes, so a second viewing reads it
/// from disk. So does a master playlist whose renditions are named by
/// plain addresses: it lists renditions, not segments (a live stream's
/// liveness is in its media playlists, which are read again). Any other
/// playlist (a live one, a master naming signed addresses with a query,
/// which may expire, one cut short) may change under the same address: it
/// is fetched again each time it is opened, and only its segments stay on
/// disk.
public enum HLSPlaylist {
    /// Bytes of a playlist the cache looks at; a longer one is not kept.
    public static let maxKeptBytes = 1_048_576
    /// A playlist longer than this (bytes) is refused before the demuxer
    /// reads it: about 100,000 segments. A million took 1 GB to hold.
    public static let maxBytes: Int64 = 4 * 1_048_576
    /// A line longer than this (bytes) is refused: no address needs it, and
    /// a 50 MB one took 1.5 GB and flooded every error line.
    public static let maxLineBytes = 8_192

    /// Why a playlist of `length` bytes whose longest line read so far is
    /// `longestLine` bytes is refused, or nil when it is within the limits.
    public static func refusal(length: Int64?, longestLine: Int) -> String? {
        if let length, length > maxBytes {
            return "the HLS playlist is \(length / 1_048_576) MB; Flick reads playlists up to \(maxBytes / 1_048_576) MB"
        }
        if longestLine > maxLineBytes {
            return "the HLS playlist has a line over \(maxLineBytes / 1024) KiB; Flick reads lines up to that long"
        }
        return nil
    }

    /// Whether `text`, the whole playlist as served, may be kept: it is an
    /// HLS playlist (`#EXTM3U` first) that says it is complete, or a whole
    /// master playlist naming its renditions without a query.
    public static func isFinal(_ text: String) -> Bool {
        var lines = text.split(whereSeparator: \.isNewline).lazy
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.makeIterator()
        guard let first = lines.next(), first.hasPrefix("#EXTM3U") else { return false }
        var master = false, segments = false, signed = false, variantPending = false
        while let line = lines.next() {
            if line == "#EXT-X-ENDLIST" || line == "#EXT-X-PLAYLIST-TYPE:VOD" { return true }
            if line.hasPrefix("#EXT-X-STREAM-INF") {
                master = true
                variantPending = true
            } else if line.hasPrefix("#EXTINF") {
                segments = true
            } else if line.hasPrefix("#EXT-X-MEDIA:") || line.hasPrefix("#EXT-X-I-FRAME-STREAM-INF") {
                if line.contains("URI=\""), line.contains("?") { signed = true }
            } else if !line.hasPrefix("#") {
                if line.contains("?") { signed = true }
                variantPending = false
            }
        }
        return master && !segments && !signed && !variantPending
    }
}
