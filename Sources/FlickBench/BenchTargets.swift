import FeedMedia
import Foundation

/// The targets, checked against the runs of one `flick bench`:
/// reported after the table, never asserted. Each verdict says by how much
/// a missed target was missed. Pure: values in, lines out.
enum BenchTargets {
    struct Verdict: Equatable, Sendable {
        /// Met, missed, or nil when the run cannot tell (too short for it).
        var met: Bool?
        var text: String

        var line: String { (met.map { $0 ? "✓ " : "✗ " } ?? "· ") + text }
    }

    /// Slow mode: TTFF p90 at most this (ms): one frame at 60 Hz.
    static let slowTTFFP90 = 17.0
    /// Burst mode: TTFF p90 at most this (ms).
    static let burstTTFFP90 = 150.0
    static let maximumPlayers = 3
    static let maximumSurfaces = 5
    /// Wasted speculative bytes at most this share of the cold run's network bytes.
    static let wastedShare = 0.10
    /// Resident memory at the end at most this much above where it was after 100 posts.
    static let memoryGrowth = 0.10
    /// TTFF p90 at most this share of the naive engine's.
    static let naiveTTFFShare = 0.1
    /// CPU per played second at most this many times gst-launch's (when
    /// GtkVideo could not be measured).
    static let cpuOverBaseline = 1.3
    /// CPU per played second at most GtkVideo's, and at most 1.5 times mpv's.
    static let cpuOverGtkVideo = 1.0
    static let cpuOverMpv = 1.5
    /// Steady's resident peak at most twice mpv's on the same clip.
    static let rssOverMpv = 2.0
    /// The GTK thread's busy share at most this.
    static let gtkThreadBusy = 0.20
    /// CPU while minimised, from 2 s after hiding, at most this share of a core.
    static let hiddenCPUShare = 0.01
    /// Resident memory's peak at most this, in KiB (320 MiB).
    static let rssPeakKB = 320 * 1_024

    static func evaluate(_ results: [BenchResult]) -> [Verdict] {
        var verdicts: [Verdict] = []
        for result in results where result.engine == .flick {
            let name = "\(result.mode.rawValue) \(result.run.rawValue)"
            func check(_ met: Bool?, _ text: String) { verdicts.append(Verdict(met: met, text: "\(name): \(text)")) }
            func at_most(_ label: String, _ value: Double?, _ limit: Double, unit: String) {
                guard let value else { return check(nil, "\(label) not measured (no first frames)") }
                let shown = BenchTable.milliseconds(value)
                if value <= limit {
                    check(true, "\(label) \(shown) \(unit) ≤ \(BenchTable.milliseconds(limit)) \(unit)")
                } else {
                    check(false, "\(label) \(shown) \(unit) > \(BenchTable.milliseconds(limit)) \(unit), missed by \(BenchTable.milliseconds(value - limit)) \(unit)")
                }
            }
            switch result.mode {
            case .slow, .foryou:
                at_most("TTFF p50", result.ttffP50, 0, unit: "ms")
                if result.mode == .foryou,
                   let slowP90 = results.first(where: { $0.engine == .flick && $0.mode == .slow && $0.run == result.run })?.ttffP90 {
                    // The mix lands on a frame as fast as one source: within 10% of slow's p90 in the same run.
                    at_most("TTFF p90 (slow's \(BenchTable.milliseconds(slowP90)) ms + 10%)", result.ttffP90,
                            max(slowP90 * 1.1, slowP90 + 1), unit: "ms")
                } else {
                    at_most("TTFF p90", result.ttffP90, slowTTFFP90, unit: "ms")
                }
                check(result.rebuffers == 0, "\(result.rebuffers) rebuffers (target 0)")
                if result.run == .warm {
                    check(result.networkBytes == 0, "warm network \(BenchTable.megabytes(result.networkBytes)) (target 0)")
                }
                if let cold = results.first(where: { $0.engine == .flick && $0.mode == result.mode && $0.run == .cold }),
                   cold.networkBytes > 0 {
                    let share = Double(result.wastedBytes) / Double(cold.networkBytes)
                    check(share <= wastedShare, "wasted \(BenchTable.megabytes(result.wastedBytes)) = \(BenchTable.percent(share)) of the cold network \(BenchTable.megabytes(cold.networkBytes)) (target ≤ 10%)")
                }
            case .burst:
                at_most("TTFF p90", result.ttffP90, burstTTFFP90, unit: "ms")
            case .hidden:
                if let share = result.hiddenCPUShare {
                    check(share <= hiddenCPUShare, "CPU while minimised \(BenchTable.cpuShare(share)) of a core from 2 s after hiding (target ≤ 1%)")
                } else {
                    check(nil, "CPU while minimised not measured: the window was never hidden (the display needs a window manager)")
                }
            case .saver:
                // The data saver spends less on streams than the automatic choice in the same window.
                if let automatic = results.first(where: { $0.engine == .flick && $0.mode == .hls && $0.run == result.run }) {
                    check(result.streamBytesPerMinute <= automatic.streamBytesPerMinute,
                          "streams \(BenchTable.megabytes(result.streamBytesPerMinute)) per minute ≤ automatic's \(BenchTable.megabytes(automatic.streamBytesPerMinute))")
                }
            case .fast, .remount, .steady, .hls:
                break
            }
            check(result.playersMax <= maximumPlayers && result.surfacesMax <= maximumSurfaces,
                  "players \(result.playersMax) (≤ \(maximumPlayers)), surfaces \(result.surfacesMax) (≤ \(maximumSurfaces))")
            if [.steady, .hidden, .hls, .saver].contains(result.mode) {
                // One post playing on (or resting): no growth after 100 posts to judge.
            } else if let reference = result.rssAfter100PostsKB, reference > 0 {
                let growth = Double(result.rssEndKB - reference) / Double(reference)
                check(growth <= memoryGrowth, "RSS at the end \(BenchTable.mebibytes(result.rssEndKB)) MiB is \(signedPercent(growth)) of \(BenchTable.mebibytes(reference)) MiB after 100 posts (target ≤ +10%)")
            } else {
                check(nil, "RSS growth not measured: the run did not reach 100 posts")
            }
            // The yardsticks play one clip looping: steady is the run that does the same (the
            // paging modes' ratio is in the table, with a new clip's start-up in every change).
            if result.mode == .steady, let cpu = result.cpuPerPlayedSecond {
                if let gtkVideo = result.yardsticks.gtkVideoCPUPerPlayedSecond, gtkVideo > 0 {
                    check(cpu <= gtkVideo * cpuOverGtkVideo, String(format: "CPU %.2f s per played s = %.2f× GtkVideo's %.2f (target ≤ 1.0×)", cpu, cpu / gtkVideo, gtkVideo))
                } else if let baseline = result.cpuBaselinePerPlayedSecond, baseline > 0 {
                    check(cpu <= baseline * cpuOverBaseline, String(format: "CPU %.2f s per played s = %.2f× gst-launch's %.2f (target ≤ 1.3×)", cpu, cpu / baseline, baseline))
                }
                if let mpv = result.yardsticks.mpvCPUPerPlayedSecond, mpv > 0 {
                    check(cpu <= mpv * cpuOverMpv, String(format: "CPU %.2f s per played s = %.2f× mpv's %.2f (target ≤ 1.5×)", cpu, cpu / mpv, mpv))
                }
                if let mpv = result.yardsticks.mpvRSSMaxKB, mpv > 0 {
                    let ratio = Double(result.rssMaxKB) / Double(mpv)
                    check(ratio <= rssOverMpv, "RSS peak \(BenchTable.mebibytes(result.rssMaxKB)) MiB = "
                          + String(format: "%.1f", ratio) + "× mpv's \(BenchTable.mebibytes(mpv)) MiB (target ≤ 2×)")
                }
            }
            if result.mode == .burst, let mine = result.ttffP90, let mpv = result.yardsticks.mpvSwitchP90 {
                // The measure is unthrottled (--bandwidth none --latency 0), as mpv's switches are.
                check(mine <= mpv, "TTFF p90 \(BenchTable.milliseconds(mine)) ms against mpv's switch p90 \(BenchTable.milliseconds(mpv)) ms (target: no higher, with --bandwidth none --latency 0)")
            }
            check(result.rssMaxKB <= rssPeakKB, "RSS peak \(BenchTable.mebibytes(result.rssMaxKB)) MiB (target ≤ \(BenchTable.mebibytes(rssPeakKB)) MiB)")
            if let busy = result.gtkThreadBusy {
                check(busy <= gtkThreadBusy, "GTK thread busy \(BenchTable.percent(busy)) (target ≤ 20%)")
            }
            if let remount = result.remount {
                check(remount.isBackAtBaseline, "after \(remount.cycles) remounts players \(remount.playersBefore)→\(remount.playersAfter), surfaces \(remount.surfacesBefore)→\(remount.surfacesAfter), GStreamer threads \(remount.gstreamerThreadsBefore)→\(remount.gstreamerThreadsAfter), RSS \(signedPercent(remount.rssChange)) (target: back at the baseline, memory within 5%)")
            }
            if let naive = results.first(where: { $0.engine == .naive && $0.mode == result.mode && $0.run == result.run }) {
                // Steady's one first frame is the app's start, which no engine's preparation shortens.
                if result.mode != .steady, result.mode != .hidden, let mine = result.ttffP90, let theirs = naive.ttffP90 {
                    let limit = theirs * naiveTTFFShare
                    check(mine <= limit, "TTFF p90 \(BenchTable.milliseconds(mine)) ms against naive's \(BenchTable.milliseconds(theirs)) ms (target ≤ 1/10: \(BenchTable.milliseconds(limit)) ms)")
                }
                check(result.droppedFrames <= naive.droppedFrames, "\(result.droppedFrames) dropped frames against naive's \(naive.droppedFrames) (target: no more)")
                check(result.rssMaxKB <= naive.rssMaxKB, "RSS max \(BenchTable.mebibytes(result.rssMaxKB)) MiB against naive's \(BenchTable.mebibytes(naive.rssMaxKB)) MiB (target: no higher)")
            }
        }
        return verdicts
    }

    static func signedPercent(_ share: Double) -> String {
        (share >= 0 ? "+" : "−") + String(format: "%.1f%%", abs(share) * 100)
    }
}
