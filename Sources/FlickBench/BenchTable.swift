import FeedMedia
import FlickTooling
import Foundation

/// The markdown `flick bench` prints: one row per run, and with
/// `--compare` the Flick/naive ratios. Plain text from values.
enum BenchTable {
    static let header = """
        | machine | engine | mode | run | first frames | TTFF p50 / p90 / p99 | rebuffers | dropped frames | cache hits | network | wasted | on disk | players / surfaces (max) | RSS start / end / max | CPU s per played s | GTK thread busy | after remount, or hidden |
        |---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
        """

    static func row(_ result: BenchResult) -> String {
        let ttff = [result.ttffP50, result.ttffP90, result.ttffP99].map { $0.map { milliseconds($0) } ?? "–" }
            .joined(separator: " / ") + " ms"
        // Against GTK's own video widget when it was measured, else gst-launch.
        let cpu = result.cpuPerPlayedSecond.map { value in
            if let gtkVideo = result.yardsticks.gtkVideoCPUPerPlayedSecond, gtkVideo > 0 {
                return String(format: "%.2f (%.1f× GtkVideo)", value, value / gtkVideo)
            }
            return String(format: "%.2f", value) + (result.cpuBaselinePerPlayedSecond.map { String(format: " (%.1f× gst-launch)", value / $0) } ?? "")
        } ?? "–"
        let cells = [
            result.machine, result.engine.rawValue, result.mode.rawValue + (result.source == .flick ? "" : " · \(result.source.rawValue)"), result.run.rawValue,
            "\(result.firstFrames) of \(result.postsLanded) posts" + (result.leftBeforeFirstFrame > 0 ? " (\(result.leftBeforeFirstFrame) left unpainted)" : ""),
            ttff,
            "\(result.rebuffers) (\(Int(result.rebufferMilliseconds.rounded())) ms)",
            "\(result.droppedFrames)",
            result.cacheHitRate.map { percent($0) } ?? "–",
            megabytes(result.networkBytes) + (result.networkStreamBytes > 0 ? " (streams \(megabytes(result.streamBytesPerMinute))/min)" : ""),
            megabytes(result.wastedBytes), megabytes(result.diskBytes),
            "\(result.playersMax) / \(result.surfacesMax)",
            "\(mebibytes(result.rssStartKB)) / \(mebibytes(result.rssEndKB)) / \(mebibytes(result.rssMaxKB)) MiB",
            cpu,
            result.gtkThreadBusy.map { percent($0) } ?? "–",
            lastCell(result),
        ]
        return "| " + cells.joined(separator: " | ") + " |"
    }

    /// Flick over naive for the same mode and run, for every pair in `results`.
    static func ratios(_ results: [BenchResult]) -> String? {
        var lines: [String] = []
        for flick in results where flick.engine == .flick {
            guard let naive = results.first(where: { $0.engine == .naive && $0.mode == flick.mode && $0.run == flick.run }) else { continue }
            func ratio(_ a: Double?, _ b: Double?, _ show: (Double) -> String) -> String {
                guard let a, let b else { return "–" }
                let value = b > 0 ? String(format: "%.2f×", a / b) : (a == 0 ? "1×" : "∞")
                return "\(value) (\(show(a)) / \(show(b)))"
            }
            let cells = [
                flick.mode.rawValue, flick.run.rawValue,
                ratio(flick.ttffP90, naive.ttffP90) { milliseconds($0) + " ms" },
                ratio(Double(flick.rebuffers), Double(naive.rebuffers)) { "\(Int($0))" },
                ratio(Double(flick.networkBytes), Double(naive.networkBytes)) { megabytes(Int64($0)) },
                ratio(Double(flick.rssMaxKB), Double(naive.rssMaxKB)) { mebibytes(Int($0)) + " MiB" },
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        guard !lines.isEmpty else { return nil }
        return """
            | mode | run | TTFF p90 (Flick / naive) | rebuffers | network | resident memory (max) |
            |---|---|---|---|---|---|
            """ + "\n" + lines.joined(separator: "\n")
    }

    // MARK: Units

    static func milliseconds(_ value: Double) -> String {
        value < 10 && value != value.rounded() ? String(format: "%.1f", value) : "\(Int(value.rounded()))"
    }

    static func percent(_ share: Double) -> String { "\(Int((share * 100).rounded()))%" }

    /// Decimal megabytes, as network and disk sizes are usually given.
    static func megabytes(_ bytes: Int64) -> String { String(format: "%.1f MB", Double(bytes) / 1e6) }

    /// kB as /proc gives them (KiB) to MiB.
    static func mebibytes(_ kilobytes: Int) -> String { "\(Int((Double(kilobytes) / 1024).rounded()))" }

    /// The remount check, or the hidden phase.
    private static func lastCell(_ result: BenchResult) -> String {
        if let check = result.remount { return remount(check) }
        if let phase = result.hidden { return hidden(phase) }
        return "–"
    }

    /// The hidden phase: CPU on screen against CPU minimised.
    private static func hidden(_ hidden: StressReport.Hidden) -> String {
        guard hidden.windowHidden, let resting = hidden.restingCPUShare else {
            return "window never hidden (no window manager?)"
        }
        let visible = hidden.visibleCPUShare.map { cpuShare($0) + " of a core on screen, " } ?? ""
        return visible + cpuShare(resting) + " minimised (from 2 s), \(hidden.playersAtEnd) players at the end"
    }

    /// A share of one core, with a decimal under 10%.
    static func cpuShare(_ share: Double) -> String {
        share < 0.1 ? String(format: "%.1f%%", share * 100) : percent(share)
    }

    private static func remount(_ check: BenchResult.RemountCheck) -> String {
        let sign = check.rssChange >= 0 ? "+" : "−"
        return (check.isBackAtBaseline ? "✓ " : "✗ ")
            + "\(check.cycles) remounts: players \(check.playersBefore)→\(check.playersAfter), "
            + "surfaces \(check.surfacesBefore)→\(check.surfacesAfter), "
            + "GStreamer threads \(check.gstreamerThreadsBefore)→\(check.gstreamerThreadsAfter), "
            + "RSS \(sign)\(String(format: "%.1f", abs(check.rssChange) * 100))%"
    }
}
