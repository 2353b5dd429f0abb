import FeedMedia
import FeedUI
import Foundation

/// What one stress run of the app measured about itself, written as JSON
/// at exit by `flick --stress MODE --stress-report FILE` and read by
/// `flick bench`. Times in ms unless named `_s`, memory in kB, bytes in bytes.
package struct StressReport: Codable, Equatable, Sendable {
    package var mode: StressMode
    package var engine: PlaybackEngine
    /// Seconds from the feed first showing to the end of the run.
    package var seconds: Double
    /// Page changes carried out (next, jump or remount steps).
    package var steps: Int
    /// Different posts that became current.
    package var postsLanded: Int
    /// Time to first frame of every post whose first frame was painted
    /// while current (0: it was painted before it became current), in ms.
    package var ttffMilliseconds: [Double]
    /// Video posts left before their first frame was painted (no TTFF sample).
    package var leftBeforeFirstFrame: Int
    package var rebuffers: Int
    package var rebufferMilliseconds: Double
    /// Frames decoded but replaced before the GTK thread drew them.
    package var droppedFrames: Int
    package var retries: Int
    package var errorsShown: Int
    /// Seconds during which the current video was playing.
    package var playedSeconds: Double
    /// CPU seconds the whole process used from the feed first showing to the end.
    package var cpuSeconds: Double
    /// The process when the feed first showed, after 100 posts (when it got
    /// that far) and at the end.
    package var start: ProcessSample
    package var after100Posts: ProcessSample?
    package var end: ProcessSample
    /// Playbins alive in the process and page widgets alive, at most and at the end.
    package var playersMax: Int
    package var surfacesMax: Int
    package var playersEnd: Int
    package var surfacesEnd: Int
    /// The media cache's accounting (nil for the naive engine: it has none).
    package var cache: CacheStatistics?
    /// For `remount`: one mounted feed before the first teardown and at the end.
    package var remount: Remount?
    /// The GTK thread's CPU time over the run's wall time, 0 to 1 (nil
    /// where /proc cannot be read).
    package var gtkThreadBusy: Double? = nil
    /// Landings on a page whose post had not arrived (a skeleton).
    package var skeletonLandings = 0
    /// For `hidden`: the visible and the resting phase.
    package var hidden: Hidden? = nil

    /// Players, surfaces, threads and memory of one mounted feed.
    package struct Checkpoint: Codable, Equatable, Sendable {
        package var players: Int
        package var surfaces: Int
        package var process: ProcessSample
    }

    /// What a minimised window cost (`hidden`). Shares are CPU seconds of
    /// the whole process over wall seconds: 0.01 is 1% of one core.
    package struct Hidden: Codable, Equatable, Sendable {
        /// Whether the window manager minimised the window at all (without
        /// one, the window stays on screen and nothing below is measured).
        package var windowHidden: Bool
        /// From the hide step to the window being hidden, in ms.
        package var hiddenAfterMilliseconds: Double?
        /// From the first post on screen to the hide step.
        package var visibleCPUShare: Double?
        /// From ``StressMode/hiddenSettleMilliseconds`` after hiding to the end.
        package var restingSeconds: Double?
        package var restingCPUShare: Double?
        /// Playbins alive at the end (0 once the rest released them).
        package var playersAtEnd: Int

        package init(windowHidden: Bool, hiddenAfterMilliseconds: Double?, visibleCPUShare: Double?,
                     restingSeconds: Double?, restingCPUShare: Double?, playersAtEnd: Int) {
            self.windowHidden = windowHidden
            self.hiddenAfterMilliseconds = hiddenAfterMilliseconds
            self.visibleCPUShare = visibleCPUShare
            self.restingSeconds = restingSeconds
            self.restingCPUShare = restingCPUShare
            self.playersAtEnd = playersAtEnd
        }

        package enum CodingKeys: String, CodingKey {
            case windowHidden = "window_hidden", hiddenAfterMilliseconds = "hidden_after_ms"
            case visibleCPUShare = "visible_cpu_share", restingSeconds = "resting_s"
            case restingCPUShare = "resting_cpu_share", playersAtEnd = "players_at_end"
        }
    }

    package struct Remount: Codable, Equatable, Sendable {
        /// Teardowns and rebuilds carried out.
        package var cycles: Int
        /// Before the first teardown, and at the end of the run.
        package var baseline: Checkpoint
        package var after: Checkpoint
    }

    package enum CodingKeys: String, CodingKey {
        case mode, engine, seconds, steps, rebuffers, retries, cache, remount, start, end
        case postsLanded = "posts_landed", ttffMilliseconds = "ttff_ms", leftBeforeFirstFrame = "left_before_first_frame", rebufferMilliseconds = "rebuffer_ms"
        case droppedFrames = "dropped_frames", errorsShown = "errors_shown", playedSeconds = "played_s"
        case cpuSeconds = "cpu_s", after100Posts = "after_100_posts", playersMax = "players_max"
        case gtkThreadBusy = "gtk_thread_busy", skeletonLandings = "skeleton_landings", hidden
        case surfacesMax = "surfaces_max", playersEnd = "players_end", surfacesEnd = "surfaces_end"
    }

    /// Writes the report as JSON to `path`, atomically.
    package func write(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try encoder.encode(self).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    package static func read(from path: String) throws -> StressReport {
        try JSONDecoder().decode(StressReport.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
