import FeedCore
import FeedMedia
import FeedUI
import FlickTooling
import Foundation

/// One run of `flick bench`: the row it prints and the JSON object it
/// writes. The JSON keys of the first group are a stable interface
/// (BENCHMARKS.md); they are always present, `null` when there is no value.
/// Bytes in bytes, memory in kB, times in ms unless named `_s`.
struct BenchResult: Encodable, Equatable, Sendable {
    /// Whether the media cache was empty when the run began.
    enum Temperature: String, Codable, Sendable {
        case cold, warm
    }

    // The stable keys.
    /// What the demo feed was served as (`--source`).
    var source = BenchSource.flick
    var engine: PlaybackEngine
    var mode: StressMode
    var run: Temperature
    var seconds: Double
    var firstFrames: Int
    var ttffP50: Double?
    var ttffP90: Double?
    var ttffP99: Double?
    var rebuffers: Int
    var rebufferMilliseconds: Double
    var droppedFrames: Int
    var cacheHitRate: Double?
    /// Media bytes (videos, streams, posters, pictures) the demo server sent.
    var networkBytes: Int64
    var speculativeBytes: Int64
    var wastedBytes: Int64
    /// Bytes the run's cache folder takes on disk at the end.
    var diskBytes: Int64
    var playersMax: Int
    var surfacesMax: Int
    var rssStartKB: Int
    var rssEndKB: Int
    var rssMaxKB: Int
    var cpuPerPlayedSecond: Double?
    /// Landings on a page whose post had not arrived (a skeleton).
    var skeletonLandings = 0
    /// For `hidden`: CPU seconds per wall second of the whole process while
    /// its window is minimised, from 2 s after hiding (0.01: 1% of a core).
    var hiddenCPUShare: Double?

    // More, for reading the stable ones.
    var machine: String
    var postsLanded: Int
    /// Video posts left before their first frame: not in the TTFF samples.
    var leftBeforeFirstFrame: Int
    var playedSeconds: Double
    var errorsShown: Int
    var retries: Int
    /// Of `networkBytes`: progressive videos, HLS streams (never cached, by
    /// design), and posters and pictures.
    var networkVideoBytes: Int64
    var networkStreamBytes: Int64
    var networkImageBytes: Int64
    /// What the media cache itself counted as fetched (nil: no cache).
    var cacheNetworkBytes: Int64?
    /// Resident memory after the first 100 posts, when the run got there.
    var rssAfter100PostsKB: Int?
    /// `gst-launch-1.0 playbin … video-sink=fakesink` on one clip of the feed.
    var cpuBaselinePerPlayedSecond: Double?
    /// For `remount`: one mounted feed before and after the remounts.
    var remount: RemountCheck?
    /// For `hidden`: both phases, as the app reported them.
    var hidden: StressReport.Hidden?
    /// The machine's 1-minute load average when the run ended: other work
    /// on the machine shows here, and in every number above.
    var loadAverage: Double?
    /// The GTK thread's CPU time over the run's wall time, 0 to 1.
    var gtkThreadBusy: Double? = nil
    /// The yardsticks measured before the runs (the same for every run of
    /// one bench): GTK's own GtkVideo playing one demo clip, and mpv.
    var yardsticks = Yardsticks()

    struct Yardsticks: Equatable, Sendable {
        var gtkVideoCPUPerPlayedSecond: Double?
        var gtkVideoRSSMaxKB: Int?
        var mpvCPUPerPlayedSecond: Double?
        var mpvRSSMaxKB: Int?
        var mpvSwitchP50: Double?
        var mpvSwitchP90: Double?
    }

    /// Players, surfaces, GStreamer threads and memory before the first
    /// teardown and at the end of a remount run.
    struct RemountCheck: Encodable, Equatable, Sendable {
        var cycles: Int
        var playersBefore: Int
        var playersAfter: Int
        var surfacesBefore: Int
        var surfacesAfter: Int
        var gstreamerThreadsBefore: Int
        var gstreamerThreadsAfter: Int
        var rssBeforeKB: Int
        var rssAfterKB: Int

        /// Memory may move by this share and still count as back at the baseline.
        static let memoryTolerance = 0.05

        /// Relative change of resident memory, e.g. 0.02 for +2%.
        var rssChange: Double { rssBeforeKB > 0 ? Double(rssAfterKB - rssBeforeKB) / Double(rssBeforeKB) : 0 }

        /// Everything back where one mounted feed had it.
        var isBackAtBaseline: Bool {
            playersAfter <= playersBefore && surfacesAfter <= surfacesBefore
                && gstreamerThreadsAfter <= gstreamerThreadsBefore && rssChange <= Self.memoryTolerance
        }

        enum CodingKeys: String, CodingKey {
            case cycles, playersBefore = "players_before", playersAfter = "players_after"
            case surfacesBefore = "surfaces_before", surfacesAfter = "surfaces_after"
            case gstreamerThreadsBefore = "gst_threads_before", gstreamerThreadsAfter = "gst_threads_after"
            case rssBeforeKB = "rss_before_kb", rssAfterKB = "rss_after_kb", backAtBaseline = "back_at_baseline"
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(cycles, forKey: .cycles)
            try container.encode(playersBefore, forKey: .playersBefore)
            try container.encode(playersAfter, forKey: .playersAfter)
            try container.encode(surfacesBefore, forKey: .surfacesBefore)
            try container.encode(surfacesAfter, forKey: .surfacesAfter)
            try container.encode(gstreamerThreadsBefore, forKey: .gstreamerThreadsBefore)
            try container.encode(gstreamerThreadsAfter, forKey: .gstreamerThreadsAfter)
            try container.encode(rssBeforeKB, forKey: .rssBeforeKB)
            try container.encode(rssAfterKB, forKey: .rssAfterKB)
            try container.encode(isBackAtBaseline, forKey: .backAtBaseline)
        }
    }

    /// The stable keys, in the order BENCHMARKS.md lists them.
    static let stableKeys = [
        "engine", "mode", "run", "seconds", "first_frames", "ttff_p50_ms", "ttff_p90_ms", "ttff_p99_ms",
        "rebuffers", "rebuffer_ms", "dropped_frames", "cache_hit_rate", "network_bytes", "speculative_bytes",
        "wasted_bytes", "disk_bytes", "players_max", "surfaces_max", "rss_start_kb", "rss_end_kb", "rss_max_kb",
        "cpu_per_played_s", "gtk_thread_busy", "gtkvideo_cpu_per_played_s", "gtkvideo_rss_max_kb",
        "mpv_cpu_per_played_s", "mpv_rss_max_kb", "mpv_switch_p50_ms", "mpv_switch_p90_ms",
        "source", "skeleton_landings", "hidden_cpu_share", "stream_bytes_per_minute",
    ]

    /// HLS bytes (playlists and segments) the server sent per minute of
    /// the run: what watching streams costs the link (the `hls` and
    /// `saver` modes); 0 for a run that played none.
    var streamBytesPerMinute: Int64 {
        seconds > 0 ? Int64((Double(networkStreamBytes) * 60 / seconds).rounded()) : 0
    }

    enum CodingKeys: String, CodingKey {
        case engine, mode, run, seconds, rebuffers, machine, retries, remount, source
        case skeletonLandings = "skeleton_landings", hiddenCPUShare = "hidden_cpu_share", hidden
        case streamBytesPerMinute = "stream_bytes_per_minute"
        case firstFrames = "first_frames", ttffP50 = "ttff_p50_ms", ttffP90 = "ttff_p90_ms", ttffP99 = "ttff_p99_ms"
        case rebufferMilliseconds = "rebuffer_ms", droppedFrames = "dropped_frames", cacheHitRate = "cache_hit_rate"
        case networkBytes = "network_bytes", speculativeBytes = "speculative_bytes", wastedBytes = "wasted_bytes"
        case diskBytes = "disk_bytes", playersMax = "players_max", surfacesMax = "surfaces_max"
        case rssStartKB = "rss_start_kb", rssEndKB = "rss_end_kb", rssMaxKB = "rss_max_kb"
        case cpuPerPlayedSecond = "cpu_per_played_s"
        case postsLanded = "posts_landed", leftBeforeFirstFrame = "left_before_first_frame", playedSeconds = "played_s", errorsShown = "errors_shown"
        case networkVideoBytes = "network_video_bytes", networkStreamBytes = "network_stream_bytes"
        case networkImageBytes = "network_image_bytes", cacheNetworkBytes = "cache_network_bytes"
        case rssAfter100PostsKB = "rss_after_100_posts_kb", cpuBaselinePerPlayedSecond = "cpu_baseline_per_played_s"
        case loadAverage = "load_1m", gtkThreadBusy = "gtk_thread_busy"
        case gtkVideoCPU = "gtkvideo_cpu_per_played_s", gtkVideoRSS = "gtkvideo_rss_max_kb"
        case mpvCPU = "mpv_cpu_per_played_s", mpvRSS = "mpv_rss_max_kb"
        case mpvSwitchP50 = "mpv_switch_p50_ms", mpvSwitchP90 = "mpv_switch_p90_ms"
    }

    /// Every optional is written, as `null` when absent: the keys never come and go.
    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(source, forKey: .source)
        try container.encode(skeletonLandings, forKey: .skeletonLandings)
        try container.encode(engine, forKey: .engine)
        try container.encode(mode, forKey: .mode)
        try container.encode(run, forKey: .run)
        try container.encode(Self.round(seconds, 1), forKey: .seconds)
        try container.encode(firstFrames, forKey: .firstFrames)
        try container.encode(ttffP50.map { Self.round($0, 1) }, forKey: .ttffP50)
        try container.encode(ttffP90.map { Self.round($0, 1) }, forKey: .ttffP90)
        try container.encode(ttffP99.map { Self.round($0, 1) }, forKey: .ttffP99)
        try container.encode(rebuffers, forKey: .rebuffers)
        try container.encode(Self.round(rebufferMilliseconds, 0), forKey: .rebufferMilliseconds)
        try container.encode(droppedFrames, forKey: .droppedFrames)
        try container.encode(cacheHitRate.map { Self.round($0, 4) }, forKey: .cacheHitRate)
        try container.encode(networkBytes, forKey: .networkBytes)
        try container.encode(speculativeBytes, forKey: .speculativeBytes)
        try container.encode(wastedBytes, forKey: .wastedBytes)
        try container.encode(diskBytes, forKey: .diskBytes)
        try container.encode(playersMax, forKey: .playersMax)
        try container.encode(surfacesMax, forKey: .surfacesMax)
        try container.encode(rssStartKB, forKey: .rssStartKB)
        try container.encode(rssEndKB, forKey: .rssEndKB)
        try container.encode(rssMaxKB, forKey: .rssMaxKB)
        try container.encode(cpuPerPlayedSecond.map { Self.round($0, 3) }, forKey: .cpuPerPlayedSecond)
        try container.encode(machine, forKey: .machine)
        try container.encode(postsLanded, forKey: .postsLanded)
        try container.encode(leftBeforeFirstFrame, forKey: .leftBeforeFirstFrame)
        try container.encode(Self.round(playedSeconds, 1), forKey: .playedSeconds)
        try container.encode(errorsShown, forKey: .errorsShown)
        try container.encode(retries, forKey: .retries)
        try container.encode(networkVideoBytes, forKey: .networkVideoBytes)
        try container.encode(networkStreamBytes, forKey: .networkStreamBytes)
        try container.encode(streamBytesPerMinute, forKey: .streamBytesPerMinute)
        try container.encode(networkImageBytes, forKey: .networkImageBytes)
        try container.encode(cacheNetworkBytes, forKey: .cacheNetworkBytes)
        try container.encode(rssAfter100PostsKB, forKey: .rssAfter100PostsKB)
        try container.encode(cpuBaselinePerPlayedSecond.map { Self.round($0, 3) }, forKey: .cpuBaselinePerPlayedSecond)
        try container.encode(remount, forKey: .remount)
        try container.encode(hiddenCPUShare.map { Self.round($0, 4) }, forKey: .hiddenCPUShare)
        try container.encode(hidden, forKey: .hidden)
        try container.encode(loadAverage.map { Self.round($0, 2) }, forKey: .loadAverage)
        try container.encode(gtkThreadBusy.map { Self.round($0, 3) }, forKey: .gtkThreadBusy)
        try container.encode(yardsticks.gtkVideoCPUPerPlayedSecond.map { Self.round($0, 3) }, forKey: .gtkVideoCPU)
        try container.encode(yardsticks.gtkVideoRSSMaxKB, forKey: .gtkVideoRSS)
        try container.encode(yardsticks.mpvCPUPerPlayedSecond.map { Self.round($0, 3) }, forKey: .mpvCPU)
        try container.encode(yardsticks.mpvRSSMaxKB, forKey: .mpvRSS)
        try container.encode(yardsticks.mpvSwitchP50.map { Self.round($0, 1) }, forKey: .mpvSwitchP50)
        try container.encode(yardsticks.mpvSwitchP90.map { Self.round($0, 1) }, forKey: .mpvSwitchP90)
    }

    static func round(_ value: Double, _ places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (value * scale).rounded() / scale
    }
}
