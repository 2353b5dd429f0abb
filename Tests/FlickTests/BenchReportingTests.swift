import FeedMedia
import FeedUI
import Foundation
import Testing
@testable import Flick
@testable import FlickBench
import FlickTooling

/// What `flick bench` makes of the numbers: JSON keys, rows and target
/// verdicts, from made-up runs (no app runs here).
@Suite("Bench results, rows and targets")
struct BenchReportingTests {
    /// A run that meets every target, to spoil one field at a time.
    static func result(engine: PlaybackEngine = .flick, mode: StressMode = .slow,
                       run: BenchResult.Temperature = .cold) -> BenchResult {
        BenchResult(engine: engine, mode: mode, run: run, seconds: 60, firstFrames: 20,
                    ttffP50: 0, ttffP90: 12, ttffP99: 40, rebuffers: 0, rebufferMilliseconds: 0, droppedFrames: 0,
                    cacheHitRate: 0.9, networkBytes: run == .cold ? 50_000_000 : 0, speculativeBytes: 6_000_000,
                    wastedBytes: 1_000_000, diskBytes: 40_000_000, playersMax: 3, surfacesMax: 5,
                    rssStartKB: 200_000, rssEndKB: 210_000, rssMaxKB: 220_000, cpuPerPlayedSecond: 0.05,
                    machine: "2 cores, test", postsLanded: 20, leftBeforeFirstFrame: 0, playedSeconds: 58,
                    errorsShown: 0, retries: 0, networkVideoBytes: 45_000_000, networkStreamBytes: 0,
                    networkImageBytes: 5_000_000, cacheNetworkBytes: 45_000_000, rssAfter100PostsKB: 205_000,
                    cpuBaselinePerPlayedSecond: 0.05, remount: nil, loadAverage: 1)
    }

    @Test("every stable key is in the JSON, null when there is no value")
    func stableKeys() throws {
        var result = Self.result()
        result.ttffP50 = nil
        result.cacheHitRate = nil
        result.cpuPerPlayedSecond = nil
        let object = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(result)) as? [String: Any])
        for key in BenchResult.stableKeys {
            #expect(object.keys.contains(key), "\(key)")
        }
        #expect(object["ttff_p50_ms"] is NSNull)
        #expect(object["cache_hit_rate"] is NSNull)
        #expect(object["engine"] as? String == "flick")
        #expect(object["run"] as? String == "cold")
        #expect(object["network_bytes"] as? Int == 50_000_000)
    }

    @Test("a run that meets every target gets no miss")
    func allMet() {
        let verdicts = BenchTargets.evaluate([Self.result(), Self.result(run: .warm)])
        #expect(!verdicts.isEmpty)
        #expect(verdicts.allSatisfy { $0.met == true }, "\(verdicts.map(\.line))")
    }

    @Test("a missed target says by how much")
    func missedBy() {
        var slow = Self.result()
        slow.ttffP90 = 23
        var burst = Self.result(mode: .burst)
        burst.ttffP90 = 200
        var warm = Self.result(run: .warm)
        warm.networkBytes = 2_500_000
        let lines = BenchTargets.evaluate([slow, warm, burst]).filter { $0.met == false }.map(\.line)
        #expect(lines.contains { $0.contains("slow cold: TTFF p90 23 ms > 17 ms, missed by 6 ms") }, "\(lines)")
        #expect(lines.contains { $0.contains("burst cold: TTFF p90 200 ms > 150 ms, missed by 50 ms") }, "\(lines)")
        #expect(lines.contains { $0.contains("slow warm: warm network 2.5 MB (target 0)") }, "\(lines)")
    }

    @Test("against naive: TTFF p90 at most a tenth of naive's, memory no higher")
    func againstNaive() {
        var naive = Self.result(engine: .naive)
        naive.ttffP90 = 100
        naive.rssMaxKB = 210_000
        let lines = BenchTargets.evaluate([Self.result(), naive]).map(\.line)
        #expect(lines.contains { $0.hasPrefix("✗") && $0.contains("against naive's 100 ms (target ≤ 1/10: 10 ms)") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("✗") && $0.contains("RSS max 215 MiB against naive's 205 MiB") }, "\(lines)")
        let ratios = BenchTable.ratios([Self.result(), naive]) ?? ""
        #expect(ratios.contains("0.12× (12 ms / 100 ms)"), "\(ratios)")
    }

    @Test("the remount check: players, surfaces and GStreamer threads back, memory within 5%")
    func remount() {
        var check = BenchResult.RemountCheck(cycles: 50, playersBefore: 2, playersAfter: 2, surfacesBefore: 3,
                                             surfacesAfter: 3, gstreamerThreadsBefore: 16, gstreamerThreadsAfter: 16,
                                             rssBeforeKB: 100_000, rssAfterKB: 104_000)
        #expect(check.isBackAtBaseline)
        check.rssAfterKB = 106_000
        #expect(!check.isBackAtBaseline)
        check.rssAfterKB = 100_000
        check.playersAfter = 3
        #expect(!check.isBackAtBaseline)
        var result = Self.result(mode: .remount)
        result.remount = check
        #expect(BenchTable.row(result).contains("✗ 50 remounts: players 2→3"))
    }

    @Test("hidden: CPU while minimised is judged against 1% of a core; a window never hidden is not judged, and says why")
    func hidden() throws {
        var rested = Self.result(mode: .hidden)
        rested.hidden = StressReport.Hidden(windowHidden: true, hiddenAfterMilliseconds: 40, visibleCPUShare: 0.14,
                                            restingSeconds: 13, restingCPUShare: 0.004, playersAtEnd: 1)
        rested.hiddenCPUShare = 0.004
        var busy = rested
        busy.run = .warm
        busy.hiddenCPUShare = 0.03
        var shown = Self.result(mode: .hidden)
        shown.hidden = StressReport.Hidden(windowHidden: false, hiddenAfterMilliseconds: nil, visibleCPUShare: 0.14,
                                           restingSeconds: nil, restingCPUShare: nil, playersAtEnd: 2)
        let lines = BenchTargets.evaluate([rested, busy, shown]).map(\.line)
        #expect(lines.contains("✓ hidden cold: CPU while minimised 0.4% of a core from 2 s after hiding (target ≤ 1%)"), "\(lines)")
        #expect(lines.contains("✗ hidden warm: CPU while minimised 3.0% of a core from 2 s after hiding (target ≤ 1%)"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("· hidden cold: CPU while minimised not measured: the window was never hidden") }, "\(lines)")
        #expect(!lines.contains { $0.contains("hidden") && $0.contains("100 posts") }, "one post resting: no growth to judge")
        #expect(BenchTable.row(rested).hasSuffix("| 14% of a core on screen, 0.4% minimised (from 2 s), 1 players at the end |"))
        #expect(BenchTable.row(shown).hasSuffix("| window never hidden (no window manager?) |"))
        let object = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(rested)) as? [String: Any])
        #expect(object["hidden_cpu_share"] as? Double == 0.004)
        let phase = try #require(object["hidden"] as? [String: Any])
        #expect(phase["window_hidden"] as? Bool == true && phase["players_at_end"] as? Int == 1, "\(phase)")
        let slow = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(Self.result())) as? [String: Any])
        #expect(slow["hidden_cpu_share"] is NSNull && slow["hidden"] is NSNull, "null for the other modes")
    }

    @Test("a run too short for 100 posts does not judge memory growth")
    func shortRun() {
        var result = Self.result()
        result.rssAfter100PostsKB = nil
        let verdict = BenchTargets.evaluate([result]).first { $0.text.contains("RSS growth") }
        #expect(verdict?.met == nil)
        #expect(verdict?.line.hasPrefix("· ") == true)
    }

    @Test("with the yardsticks measured, steady playback's CPU is judged against GtkVideo and mpv, and the GTK thread's share too")
    func yardsticks() throws {
        var run = Self.result(mode: .steady)
        run.cpuPerPlayedSecond = 0.33
        run.gtkThreadBusy = 0.25
        run.yardsticks = BenchResult.Yardsticks(gtkVideoCPUPerPlayedSecond: 0.22, gtkVideoRSSMaxKB: 250_000,
                                                mpvCPUPerPlayedSecond: 0.2, mpvRSSMaxKB: 90_000)
        let missed = BenchTargets.evaluate([run]).filter { $0.met == false }.map(\.line)
        #expect(missed.contains { $0.contains("CPU 0.33 s per played s = 1.50× GtkVideo's 0.22 (target ≤ 1.0×)") }, "\(missed)")
        #expect(missed.contains { $0.contains("CPU 0.33 s per played s = 1.65× mpv's 0.20 (target ≤ 1.5×)") }, "\(missed)")
        #expect(missed.contains { $0.contains("RSS peak 215 MiB = 2.4× mpv's 88 MiB (target ≤ 2×)") }, "\(missed)")
        var lean = run
        lean.cpuPerPlayedSecond = 0.3
        lean.yardsticks.mpvRSSMaxKB = 120_000
        let leanMissed = BenchTargets.evaluate([lean]).filter { $0.met == false }.map(\.line)
        #expect(!leanMissed.contains { $0.contains("mpv") }, "1.5× mpv's CPU and 1.8× its memory are within: \(leanMissed)")
        #expect(!missed.contains { $0.contains("gst-launch") }, "GtkVideo replaces gst-launch as the CPU yardstick")
        #expect(missed.contains { $0.contains("GTK thread busy 25% (target ≤ 20%)") }, "\(missed)")
        #expect(BenchTable.row(run).contains("0.33 (1.5× GtkVideo)"))
        let object = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(run)) as? [String: Any])
        #expect(object["gtkvideo_cpu_per_played_s"] as? Double == 0.22)
        #expect(object["mpv_rss_max_kb"] as? Int == 90_000)
        #expect(object["mpv_switch_p90_ms"] is NSNull, "not measured: null, never absent")
        #expect(object["gtk_thread_busy"] as? Double == 0.25)

        // A paging run starts a new clip at every change: its ratio is in the table, not judged against one looping clip.
        var paging = run
        paging.mode = .fast
        #expect(!BenchTargets.evaluate([paging]).contains { $0.line.contains("GtkVideo") })
        #expect(BenchTable.row(paging).contains("0.33 (1.5× GtkVideo)"))

        var burst = Self.result(mode: .burst)
        burst.ttffP90 = 85
        burst.yardsticks.mpvSwitchP90 = 65
        let burstMissed = BenchTargets.evaluate([burst]).filter { $0.met == false }.map(\.line)
        #expect(burstMissed.contains { $0.contains("TTFF p90 85 ms against mpv's switch p90 65 ms") }, "\(burstMissed)")
    }

    @Test("memory's peak is judged against 320 MiB, and dropped frames against the naive engine's")
    func memoryAndDroppedFrames() {
        var flick = Self.result(mode: .fast)
        flick.rssMaxKB = 400 * 1_024
        flick.droppedFrames = 7
        var naive = Self.result(engine: .naive, mode: .fast)
        naive.rssMaxKB = 500 * 1_024
        naive.droppedFrames = 6
        let verdicts = BenchTargets.evaluate([flick, naive])
        #expect(verdicts.contains(BenchTargets.Verdict(met: false, text: "fast cold: RSS peak 400 MiB (target ≤ 320 MiB)")), "\(verdicts)")
        #expect(verdicts.contains(BenchTargets.Verdict(met: false, text: "fast cold: 7 dropped frames against naive's 6 (target: no more)")))
        flick.droppedFrames = 6
        flick.rssMaxKB = 300 * 1_024
        let met = BenchTargets.evaluate([flick, naive]).filter { $0.text.contains("RSS peak") || $0.text.contains("dropped") }
        #expect(met.count == 2 && met.allSatisfy { $0.met == true }, "\(met)")
    }

    @Test("a row has a cell per column")
    func row() {
        let columns = BenchTable.header.split(separator: "\n")[0].split(separator: "|").count
        #expect(BenchTable.row(Self.result()).split(separator: "|").count == columns)
    }

    @Test("server paths sort into videos, streams and pictures; the feed and likes are not media")
    func mediaKinds() {
        #expect(MediaBytes.kind(ofPath: "/media/clip-01.mp4") == .video)
        #expect(MediaBytes.kind(ofPath: "/forbidden/item-37.mp4") == .video)
        #expect(MediaBytes.kind(ofPath: "/broken/corrupt.mp4") == .video)
        #expect(MediaBytes.kind(ofPath: "/hls/segment00001.ts") == .stream)
        #expect(MediaBytes.kind(ofPath: "/hls/index.m3u8") == .stream)
        #expect(MediaBytes.kind(ofPath: "/media/clip-01.png") == .image)
        #expect(MediaBytes.kind(ofPath: "/media/picture-01.jpg") == .image)
        #expect(MediaBytes.kind(ofPath: "/feed.json") == nil)
        #expect(MediaBytes.kind(ofPath: "/like/item-3") == nil)
    }

    @Test("this process as /proc sees it")
    func processSample() throws {
        let sample = try #require(ProcessSample.read())
        #expect(sample.rssKB > 0)
        #expect(sample.peakRSSKB >= sample.rssKB)
        #expect(sample.threads >= 1)
        #expect(sample.cpuSeconds >= 0)
        #expect(ProcessSample.isGStreamerThread("qtdemux0:sink"))
        #expect(ProcessSample.isGStreamerThread("multiqueue0:src"))
        #expect(!ProcessSample.isGStreamerThread("gmain"))
        #expect(!ProcessSample.isGStreamerThread("flick:disk$0"))
        #expect(ProcessSample.read(pid: "0") == nil)
    }
}
