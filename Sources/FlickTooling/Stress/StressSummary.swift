import FeedCore
import FeedMedia
import Foundation

/// The one line a stress run leaves on stderr at exit (diagnostics on), for
/// someone running `flick --stress MODE` by hand.
package enum StressSummary {
    package static func line(_ report: StressReport) -> String {
        let ttff = Percentiles.summary(of: report.ttffMilliseconds, window: Int.max)
            .map { "TTFF p50 \(Int($0.p50.rounded())) ms, p90 \(Int($0.p90.rounded())) ms" } ?? "no first frames"
        var parts = [
            "stress \(report.mode.rawValue) (\(report.engine.rawValue)) for \(Int(report.seconds.rounded())) s",
            "\(report.postsLanded) posts",
            ttff,
            "\(report.rebuffers) rebuffers",
            "players ≤ \(report.playersMax), surfaces ≤ \(report.surfacesMax)",
            "RSS \(report.start.rssKB / 1024) → \(report.end.rssKB / 1024) MB",
        ]
        if let remount = report.remount {
            parts.append("after \(remount.cycles) remounts: players \(remount.baseline.players) → \(remount.after.players), "
                         + "surfaces \(remount.baseline.surfaces) → \(remount.after.surfaces), "
                         + "GStreamer threads \(remount.baseline.process.gstreamerThreads) → \(remount.after.process.gstreamerThreads)")
        }
        return parts.joined(separator: "; ")
    }
}
