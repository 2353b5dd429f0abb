import FeedMedia
import Foundation
import Testing

extension AppUnderX {
    /// `flick bench` and the stress modes, run for real: the numbers must
    /// be there and make sense; the targets are for BENCHMARKS.md, not here.
    @Suite("Stress modes and the bench")
    struct BenchUITests {
        /// The JSON keys BENCHMARKS.md promises, spelt out here so that
        /// renaming one in the code fails this test.
        static let stableKeys = [
            "engine", "mode", "run", "seconds", "first_frames", "ttff_p50_ms", "ttff_p90_ms", "ttff_p99_ms",
            "rebuffers", "rebuffer_ms", "dropped_frames", "cache_hit_rate", "network_bytes", "speculative_bytes",
            "wasted_bytes", "disk_bytes", "players_max", "surfaces_max", "rss_start_kb", "rss_end_kb", "rss_max_kb",
            "cpu_per_played_s", "gtk_thread_busy", "gtkvideo_cpu_per_played_s", "gtkvideo_rss_max_kb",
            "mpv_cpu_per_played_s", "mpv_rss_max_kb", "mpv_switch_p50_ms", "mpv_switch_p90_ms",
            "source", "skeleton_landings", "hidden_cpu_share", "stream_bytes_per_minute",
        ]

        private static func temporaryFile(_ name: String) -> URL {
            FileManager.default.temporaryDirectory.appendingPathComponent("flick-\(name)-\(UUID().uuidString).json")
        }

        @Test("flick bench --seconds 10 --json: a cold and a warm slow run, every key, sane values")
        func benchSmoke() throws {
            let json = Self.temporaryFile("bench")
            defer { try? FileManager.default.removeItem(at: json) }
            let bench = try AppProcess(["bench", "--seconds", "10", "--json", json.path])
            // First use may make the demo media; each run is 10 s plus start-up.
            let status = bench.waitForExit(timeout: 600)
            #expect(status == 0, "flick bench failed; stderr: \(bench.stderr)")
            let runs = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [[String: Any]])
            #expect(runs.count == 2)
            #expect(runs.map { $0["run"] as? String } == ["cold", "warm"])
            for run in runs {
                for key in Self.stableKeys {
                    #expect(run.keys.contains(key), "missing \(key) in \(run)")
                }
                func number(_ key: String) -> Double? { (run[key] as? NSNumber)?.doubleValue }
                #expect(run["engine"] as? String == "flick")
                #expect(run["source"] as? String == "flick")
                #expect(number("skeleton_landings") != nil)
                #expect(run["mode"] as? String == "slow")
                #expect((9...30).contains(number("seconds") ?? 0), "\(run)")
                #expect((number("first_frames") ?? 0) >= 1, "\(run)")
                let p50 = number("ttff_p50_ms") ?? -1, p90 = number("ttff_p90_ms") ?? -1, p99 = number("ttff_p99_ms") ?? -1
                #expect(0 <= p50 && p50 <= p90 && p90 <= p99, "\(run)")
                #expect((number("rebuffers") ?? -1) >= 0 && (number("rebuffer_ms") ?? -1) >= 0)
                #expect((number("dropped_frames") ?? -1) >= 0)
                #expect((0...1).contains(number("cache_hit_rate") ?? -1), "\(run)")
                #expect((number("wasted_bytes") ?? -1) >= 0)
                #expect((number("wasted_bytes") ?? 0) <= (number("speculative_bytes") ?? 0), "\(run)")
                #expect((number("disk_bytes") ?? 0) > 0, "the cache holds what the run fetched: \(run)")
                #expect((1...3).contains(number("players_max") ?? 0), "\(run)")
                #expect((1...5).contains(number("surfaces_max") ?? 0), "\(run)")
                let start = number("rss_start_kb") ?? 0, end = number("rss_end_kb") ?? 0, peak = number("rss_max_kb") ?? 0
                #expect(start > 10_000 && end > 10_000 && peak >= max(start, end), "\(run)")
                #expect((number("cpu_per_played_s") ?? 0) > 0, "\(run)")
                // The set-up script installs GtkVideo's GStreamer backend: its yardstick is always there.
                #expect((number("gtkvideo_cpu_per_played_s") ?? 0) > 0, "\(run)")
                #expect((number("gtkvideo_rss_max_kb") ?? 0) > 10_000, "\(run)")
                let busy = number("gtk_thread_busy") ?? -1
                #expect(busy > 0 && busy <= 1, "the GTK thread drew and handed frames: \(run)")
            }
            #expect(((runs.first?["network_bytes"] as? NSNumber)?.intValue ?? 0) > 0, "the cold run fetched media")
            // One markdown row per run under the header.
            let rows = bench.stdoutText.split(separator: "\n").filter { $0.hasPrefix("| ") && $0.contains(" slow | ") }
            #expect(rows.count == 2, "\(bench.stdoutText)")
        }

        @Test("flick bench --mode launch --launches 2: a folder's, a first launch's and the demo's start timed to their first frame, with the stable keys")
        func launchSmoke() throws {
            let json = Self.temporaryFile("launch")
            defer { try? FileManager.default.removeItem(at: json) }
            let bench = try AppProcess(["bench", "--mode", "launch", "--launches", "2", "--json", json.path])
            #expect(bench.waitForExit(timeout: 600) == 0, "flick bench failed; stderr: \(bench.stderr)")
            let targets = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [[String: Any]])
            #expect(targets.map { $0["target"] as? String } == ["folder", "first", "demo"], "\(targets)")
            let first = targets.first { $0["target"] as? String == "first" }
            #expect((first?["launch_first_ms"] as? NSNumber)?.doubleValue == (first?["launch_ms"] as? NSNumber)?.doubleValue,
                    "the first launch's median under its own key: \(String(describing: first))")
            for target in targets {
                #expect(target["mode"] as? String == "launch")
                for key in ["launch_ms", "launch_worst_ms", "mpv_launch_ms", "launch_first_ms", "runs"] {
                    #expect(target.keys.contains(key), "missing \(key) in \(target)")
                }
                let median = (target["launch_ms"] as? NSNumber)?.doubleValue ?? 0
                let worst = (target["launch_worst_ms"] as? NSNumber)?.doubleValue ?? 0
                #expect(median > 0 && median <= worst && worst < 30_000, "\(target)")
                #expect((target["runs"] as? NSNumber)?.intValue == 2, "\(target)")
            }
            #expect(bench.stdoutText.contains("| folder | 2 |") && bench.stdoutText.contains("| first | 2 |")
                        && bench.stdoutText.contains("| demo | 2 |"), "\(bench.stdoutText)")
        }

        @Test("after 50 remounts the players and surfaces alive are those of one mounted feed")
        func remountLeavesNothingBehind() throws {
            let report = Self.temporaryFile("remount")
            defer { try? FileManager.default.removeItem(at: report) }
            // 2 s of settling, 50 remounts every 250 ms, then a moment on the last feed.
            let app = try AppProcess(["--stress", "remount", "--stress-seconds", "17", "--stress-report", report.path])
            #expect(app.waitForExit(timeout: 300) == 0, "stderr: \(app.stderr)")
            let object = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
            let remount = try #require(object["remount"] as? [String: Any], "\(object)")
            #expect(remount["cycles"] as? Int == 50)
            let before = try #require(remount["baseline"] as? [String: Any])
            let after = try #require(remount["after"] as? [String: Any])
            #expect((before["players"] as? Int ?? 0) >= 1)
            #expect(after["players"] as? Int == before["players"] as? Int, "\(remount)")
            #expect(after["surfaces"] as? Int == before["surfaces"] as? Int, "\(remount)")
            #expect((object["players_max"] as? Int ?? 99) <= 3, "\(object)")
            #expect((object["surfaces_max"] as? Int ?? 99) <= 5, "\(object)")
            #expect(app.stderr.contains("after 50 remounts"), "the summary line: \(app.stderr)")
        }

        @Test("--stress hidden under a window manager: the window is minimised after 5 s, resting costs less than playing, and past the rest time no player is left")
        func hiddenRests() throws {
            let manager = try WindowManager()
            defer { manager.stop() }
            let report = Self.temporaryFile("hidden")
            defer { try? FileManager.default.removeItem(at: report) }
            // 5 s on screen, hidden, the measure from 2 s later; players released after 2 s hidden.
            let app = try AppProcess(["--stress", "hidden", "--stress-seconds", "12", "--stress-report", report.path],
                                     environment: ["FLICK_REST_AFTER_SECONDS": "2"])
            #expect(app.waitForExit(timeout: 300) == 0, "stderr: \(app.stderr)")
            let object = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
            let hidden = try #require(object["hidden"] as? [String: Any], "\(object)")
            #expect(hidden["window_hidden"] as? Bool == true, "\(hidden)")
            let visible = (hidden["visible_cpu_share"] as? NSNumber)?.doubleValue ?? 0
            let resting = (hidden["resting_cpu_share"] as? NSNumber)?.doubleValue ?? 1
            #expect(((hidden["resting_s"] as? NSNumber)?.doubleValue ?? 0) > 3, "\(hidden)")
            #expect(visible > 0 && resting < visible, "a resting window costs less than a playing one: \(hidden)")
            #expect(hidden["players_at_end"] as? Int == 0, "hidden past the rest time, the players are gone: \(hidden)")
        }

        @Test("the naive engine prepares nothing: one new player per post it lands on, none ahead")
        func naiveEngine() throws {
            let app = try AppProcess(["--engine", "naive", "--report-state"])
            let playing = app.waitForState(timeout: 300) { $0.phase == "feed" && $0.playersPlaying == 1 }
            #expect(playing?.playersAlive == 1, "no player for the next post: \(String(describing: playing))")
            let window = try app.focusedWindow()
            let seen = app.states.count
            try X11.key("Down", window: window)
            let landed = app.waitForState(after: seen, timeout: 20) { $0.currentIndex == 1 && $0.playersPlaying == 1 }
            #expect(landed != nil, "did not play post 2: \(String(describing: app.latest))")
            // The first page's player stays with its page (paused): two alive, one playing.
            #expect(landed?.playersAlive == 2, "\(String(describing: landed))")
            // Nothing was prepared ahead, so the second post's frame came after it became current.
            let ttff = app.waitForState(after: seen, timeout: 20) { $0.currentIndex == 1 && $0.ttffMilliseconds != nil }
            #expect((ttff?.ttffMilliseconds ?? 0) > 0, "\(String(describing: ttff))")
            #expect(app.states.allSatisfy { ($0.playersAlive ?? 0) <= max(1, $0.mountedPages) })
        }
    }
}
