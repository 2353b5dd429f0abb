import CGLib
import FeedCore
import FeedGObject
import FeedMedia
import FeedUI
import Foundation

/// Runs a stress mode in the real app (`flick --stress MODE`): once the feed
/// first shows a post, it carries out the mode's schedule on the feed view
/// (next post, jump, or a teardown and rebuild through `rebuild`), records
/// the run with a ``StressRecorder`` and, with `--stress-seconds`, quits
/// after that long. GTK thread only; owned by the app controller.
///
/// Attaching it to a feed that already shows starts the run at once, which
/// is all a Stress entry in the window's menu needs (not built yet).
@MainActor
package final class StressDriver {
    package let mode: StressMode
    /// Seconds to run before quitting; nil runs until the window is closed.
    package let seconds: Int?
    package let recorder: StressRecorder
    /// Tears the feed widget down and builds it again (the remount step).
    package var rebuild: (() -> Void)?
    /// Ends the application (after `seconds`).
    package var quit: (() -> Void)?
    /// Minimises the window (the hide step); the app tells
    /// ``windowVisibilityChanged(_:)`` when the window manager did it.
    package var hide: (() -> Void)?

    private weak var view: FeedView?
    private var started = false
    private var step = 0
    private var timer: MainLoopSource?
    private var stopTimer: MainLoopSource?
    /// Waits ``StressMode/hiddenSettleMilliseconds`` after the window went hidden.
    private var hiddenTimer: MainLoopSource?
    /// The hide step was taken: a hidden window now is the run's own doing.
    private var hideAsked = false

    package init(mode: StressMode, engine: PlaybackEngine, seconds: Int?) {
        self.mode = mode
        self.seconds = seconds
        recorder = StressRecorder(mode: mode, engine: engine)
    }

    /// Follows a newly built feed view showing `session`: its state starts
    /// the run, its playing time and counters are recorded.
    package func attach(_ view: FeedView, showing session: FeedSession) {
        self.view = view
        recorder.attach(view, showing: session)
        view.addStateListener { [weak self] state in
            self?.recorder.observe(state)
            self?.feedChanged(state)
        }
        view.addPlayingListener { [weak self] isPlaying in self?.recorder.playingChanged(isPlaying) }
        // A feed already showing (a stress run started from a menu) starts now.
        feedChanged(view.state)
    }

    /// The followed view is about to be torn down.
    package func detach() {
        recorder.detach()
        view = nil
    }

    /// The report so far; at exit, before the feed shuts down.
    package func finish(cache: CacheStatistics?) -> StressReport? {
        timer?.cancel()
        stopTimer?.cancel()
        hiddenTimer?.cancel()
        return recorder.finish(cache: cache)
    }

    /// The window went hidden (minimised, the screen locked) or came back.
    /// After the hide step, the first time it is hidden starts the resting
    /// measure once the pause has settled.
    package func windowVisibilityChanged(_ visible: Bool) {
        guard hideAsked, !visible, hiddenTimer == nil else { return }
        recorder.windowHidden()
        hiddenTimer = MainLoopSource.after(milliseconds: StressMode.hiddenSettleMilliseconds) { [weak self] in
            self?.recorder.markHiddenSettled()
        }
    }

    // MARK: Internals

    /// Starts the schedule when the feed first shows a post: its frame, or
    /// its error card (a run that opens on a post that cannot play still runs).
    private func feedChanged(_ state: FeedState) {
        guard !started, state.itemCount > 0, state.currentReady || state.currentError != nil else { return }
        started = true
        recorder.begin()
        if let seconds {
            stopTimer = MainLoopSource.after(milliseconds: UInt32(seconds) * 1000) { [weak self] in self?.quit?() }
        }
        if mode == .remount {
            // The baseline is a settled feed, playing, with its next post prepared.
            timer = MainLoopSource.after(milliseconds: StressMode.remountSettleMilliseconds) { [weak self] in
                self?.recorder.markBaseline()
                self?.startSteps()
            }
        } else {
            startSteps()
        }
    }

    private func startSteps() {
        guard mode.stepsAtOnce else { return scheduleSteps() }
        // The first step soon, but not inside the state listener that
        // started the run (the view is reporting), and once the first
        // post's frame has been painted (it counts as a first frame).
        timer = MainLoopSource.after(milliseconds: 500) { [weak self] in
            guard let self, self.takeStep() else { return }
            self.scheduleSteps()
        }
    }

    private func scheduleSteps() {
        timer = MainLoopSource.timeout(milliseconds: mode.intervalMilliseconds) { [weak self] in
            self?.takeStep() ?? false
        }
    }

    /// One step of the schedule; false once it is over.
    private func takeStep() -> Bool {
        switch mode.step(step) {
        case .next:
            view?.perform(.nextPage)
        case .jump(let index):
            view?.scroll(to: index, animated: false)
        case .remount:
            rebuild?()
            recorder.remounts += 1
        case .hide:
            hideAsked = true
            recorder.hideAsked()
            hide?()
        case .done:
            return false
        }
        step += 1
        recorder.steps = step
        return true
    }
}
