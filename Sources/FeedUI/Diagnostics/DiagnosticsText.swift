import FeedCore
import FeedMedia
import Foundation

/// The diagnostics overlay's text: one line per subject, a short label then
/// the numbers with their units. Pure formatting, any thread.
public enum DiagnosticsText {
    /// The lines for `snapshot`, in a fixed order (the labels are stable:
    /// tools and tests find lines by them).
    public static func lines(_ snapshot: DiagnosticsSnapshot) -> [String] {
        var lines = [
            "Players   \(snapshot.playersAlive) alive · \(snapshot.playersPrepared) prepared",
            "Surfaces  \(snapshot.mountedSurfaces) mounted",
        ]
        if let ttff = snapshot.ttff {
            lines.append("TTFF      p50 \(milliseconds(ttff.p50)) · p90 \(milliseconds(ttff.p90)) (\(ttff.count) \(ttff.count == 1 ? "post" : "posts"))")
        } else {
            lines.append("TTFF      no posts yet")
        }
        lines.append("Rebuffers \(snapshot.rebuffers) (\(milliseconds(snapshot.rebufferMilliseconds)))")
        if let cache = snapshot.cache {
            lines.append("Network   \(bytes(cache.activeBytes)) active · \(bytes(cache.speculativeBytes)) ahead · \(bytes(cache.wastedBytes)) wasted")
            let hits = cache.hitRate.map { "\(Int(($0 * 100).rounded())) % hits" } ?? "no reads"
            lines.append("Cache     \(bytes(cache.videoDiskBytes)) videos · \(bytes(cache.imageDiskBytes)) pictures · \(hits)")
            if let problem = snapshot.cacheProblem { lines.append("Cache     \(problem)") }
            if snapshot.uncachedFiles > 0 {
                let files = snapshot.uncachedFiles == 1 ? "1 file keeps" : "\(snapshot.uncachedFiles) files keep"
                lines.append("Cache     \(files) changing at the origin: streamed uncached")
            }
        } else {
            lines.append("Network   not counted (no media cache)")
            lines.append("Cache     off")
        }
        lines.append("Memory    \(snapshot.residentBytes.map { "\(bytes($0)) resident" } ?? "unknown")")
        switch snapshot.constraints?.active {
        case nil: lines.append("Limits    not reported")
        case let active? where active.isEmpty: lines.append("Limits    none")
        case let active?: lines.append("Limits    \(active.map(\.rawValue).joined(separator: ", "))")
        }
        lines.append("GTK       " + (snapshot.gtkThreadBusy.map { "\(Int(($0 * 100).rounded())) % busy" } ?? "not measured yet"))
        lines.append("Decoder   " + (snapshot.decoder.map { "\($0) (\(snapshot.decoderIsHardware ? "hardware" : "software"))" } ?? "none"))
        return lines
    }

    /// Bytes in the cache's unit, MB of 1,000,000 bytes (kB below one MB).
    public static func bytes(_ count: Int64) -> String {
        if count < 1_000_000 { return "\(Int((Double(count) / 1000).rounded())) kB" }
        return String(format: "%.1f MB", Double(count) / 1_000_000)
    }

    /// Milliseconds, whole.
    public static func milliseconds(_ value: Double) -> String {
        "\(Int(value.rounded())) ms"
    }
}
