import CGLib
import FeedCore
import FeedGObject
import FeedMedia
import FeedUI
import Foundation

/// Keeps the numbers of a stress run across every feed view it sees (the
/// remount mode builds fifty): playback counters, the most players and
/// surfaces alive, played time, and samples of the process at the points
/// the benchmark compares. GTK thread only; owned by ``StressDriver``.
@MainActor
package final class StressRecorder {
    package let mode: StressMode
    package let engine: PlaybackEngine

    /// Monotonic µs when the run began (the feed first showed).
    private var startedAt: Int?
    private var start: ProcessSample?
    private var after100Posts: ProcessSample?
    /// Each time a post became current.
    private var landed = LandingCount()
    /// Counters of feed sessions already let go.
    private var finished = PlaybackDiagnostics()
    private weak var view: FeedView?
    /// The session the followed view shows (or the one torn down showed),
    /// and the torn-down view's counters, added to `finished` unless the
    /// next view shows the same session (a remount: the session's counters go on).
    private weak var lastSession: FeedSession?
    private var detachedCounters: PlaybackDiagnostics?
    /// How long the followed feed's current video played during the run.
    private var played = PlayedTime()
    /// The GTK thread's CPU time from the start (this recorder lives on it).
    private var gtkThread: ThreadLoad?
    /// The most playbins and page widgets alive at once.
    private var most = (players: 0, surfaces: 0)
    private var sampler: MainLoopSource?
    private var baseline: StressReport.Checkpoint?
    /// For `hidden`: when the window hid and the resting measure began.
    private var hiding = HiddenPhase()
    /// Steps the driver carried out, and of them remounts.
    package var steps = 0
    package var remounts = 0

    /// How often the players and surfaces alive are sampled between state
    /// changes, in ms.
    package static let sampleMilliseconds: UInt32 = 100

    package init(mode: StressMode, engine: PlaybackEngine) {
        self.mode = mode
        self.engine = engine
    }

    /// Follows `view`, showing `session`, from now on (the previous one was detached).
    package func attach(_ view: FeedView, showing session: FeedSession) {
        if let detachedCounters, lastSession !== session {
            finished = Self.sum(finished, detachedCounters)
        }
        detachedCounters = nil
        self.view = view
        lastSession = session
        landed.newView()
    }

    /// The followed view is about to be torn down: keep its counters.
    package func detach() {
        guard let view else { return }
        detachedCounters = view.diagnostics
        playingChanged(false)
        self.view = nil
    }

    /// The run begins: the process now, and sampling of the maxima.
    package func begin() {
        guard startedAt == nil else { return }
        startedAt = Int(g_get_monotonic_time())
        start = ProcessSample.read()
        gtkThread = ThreadLoad()
        if let startedAt { played.runBegins(at: startedAt) }
        sampleMaxima()
        sampler = MainLoopSource.timeout(milliseconds: Self.sampleMilliseconds) { [weak self] in
            self?.sampleMaxima()
            return true
        }
    }

    /// The feed's state changed.
    package func observe(_ state: FeedState) {
        if landed.observe(state.currentIndex, itemCount: state.itemCount, running: startedAt != nil),
           landed.landings == 100, startedAt != nil {
            after100Posts = ProcessSample.read()
        }
        sampleMaxima()
    }

    /// Whether the current video plays changed.
    package func playingChanged(_ playing: Bool) {
        played.playingChanged(playing, at: Int(g_get_monotonic_time()), running: startedAt != nil)
    }

    /// One mounted feed before the first teardown of `remount`.
    package func markBaseline() {
        baseline = checkpoint()
    }

    /// `hidden`: the driver asked the window to hide.
    package func hideAsked() {
        hiding.hideAsked(cpu: ProcessSample.read()?.cpuSeconds ?? 0)
    }

    /// `hidden`: the window went hidden.
    package func windowHidden() {
        hiding.windowHidden()
    }

    /// `hidden`: the pause has settled; the resting measure begins.
    package func markHiddenSettled() {
        hiding.settle(cpu: ProcessSample.read()?.cpuSeconds ?? 0)
    }

    /// The report of the run so far; called once, at exit, before the feed
    /// is shut down.
    package func finish(cache: CacheStatistics?) -> StressReport? {
        guard let startedAt, let start else { return nil }
        sampler?.cancel()
        sampleMaxima()
        playingChanged(false)
        let now = Int(g_get_monotonic_time())
        let end = ProcessSample.read() ?? start
        let counters = Self.sum(finished, view?.diagnostics ?? detachedCounters ?? PlaybackDiagnostics())
        var remount: StressReport.Remount?
        if let baseline, let after = checkpoint(end) {
            remount = StressReport.Remount(cycles: remounts, baseline: baseline, after: after)
        }
        var report = StressReport(mode: mode, engine: engine,
                            seconds: Double(now - startedAt) / 1e6,
                            steps: steps, postsLanded: landed.landings,
                            ttffMilliseconds: counters.ttffSamples.map { ($0 * 10).rounded() / 10 },
                            leftBeforeFirstFrame: counters.leftBeforeFirstFrame,
                            rebuffers: counters.rebuffers,
                            rebufferMilliseconds: counters.rebufferMilliseconds.rounded(),
                            droppedFrames: counters.framesCoalesced,
                            retries: counters.retries, errorsShown: counters.errorsShown,
                            playedSeconds: played.seconds,
                            cpuSeconds: max(0, end.cpuSeconds - start.cpuSeconds),
                            start: start, after100Posts: after100Posts, end: end,
                            playersMax: most.players, surfacesMax: most.surfaces,
                            playersEnd: VideoPlayer.pipelinesAlive, surfacesEnd: FeedView.pagesAlive,
                            cache: cache, remount: remount, gtkThreadBusy: gtkThread?.share(),
                            skeletonLandings: landed.onSkeletons)
        if mode == .hidden {
            report.hidden = hiding.report(begin: (startedAt, start.cpuSeconds), end: (now, end.cpuSeconds),
                                          players: VideoPlayer.pipelinesAlive)
        }
        return report
    }

    // MARK: Internals

    /// The counters of two feed views together (samples in order).
    private static func sum(_ total: PlaybackDiagnostics, _ more: PlaybackDiagnostics) -> PlaybackDiagnostics {
        var result = total
        result.ttffSamples += more.ttffSamples
        result.leftBeforeFirstFrame += more.leftBeforeFirstFrame
        result.rebuffers += more.rebuffers
        result.rebufferMilliseconds += more.rebufferMilliseconds
        result.framesCoalesced += more.framesCoalesced
        result.errorsShown += more.errorsShown
        result.retries += more.retries
        return result
    }

    private func sampleMaxima() {
        guard startedAt != nil else { return }
        most.players = max(most.players, VideoPlayer.pipelinesAlive)
        most.surfaces = max(most.surfaces, FeedView.pagesAlive)
    }

    private func checkpoint(_ sample: ProcessSample? = nil) -> StressReport.Checkpoint? {
        guard let process = sample ?? ProcessSample.read() else { return nil }
        return StressReport.Checkpoint(players: VideoPlayer.pipelinesAlive, surfaces: FeedView.pagesAlive, process: process)
    }
}
