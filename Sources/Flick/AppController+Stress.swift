import CGLib
import CGtk
import FeedCore
import FeedGObject
import FeedMedia
import FeedUI
import FlickTooling
import Foundation

/// `--stress MODE` and the Stress menu: a fixed schedule of page changes
/// on the showing feed, recorded for `flick bench`.
extension AppController {
    /// `--stress remount`: the feed widget torn down and built again over
    /// the same session (the new one starts on the session's post).
    func rebuildFeed() {
        guard let session else { return }
        stress?.detach()
        showFeed(session) // the window lets the old view go; the session stays
    }

    /// The Stress menu: runs `mode` on the showing feed until the window
    /// closes or another mode is chosen; the summary line of the one it
    /// replaces goes to stderr, as at exit.
    func startStress(_ mode: StressMode) {
        guard let view = window?.feedView, let session else {
            window?.showToast("Open a feed first: stress modes page through the showing feed")
            return
        }
        if let running = stress { finishStress(running) }
        let driver = StressDriver(mode: mode, engine: options.engine, seconds: nil)
        driver.rebuild = { [weak self] in self?.rebuildFeed() }
        stress = driver
        driver.attach(view, showing: session)
        window?.showToast("Stress: \(mode.rawValue)")
    }

    /// Writes the stress report (`--stress-report`) and a summary line.
    func finishStress(_ stress: StressDriver) {
        guard let report = stress.finish(cache: media.cache?.statistics) else {
            Log.warning("the stress run never started: the feed did not show a post")
            return
        }
        Log.info(StressSummary.line(report))
        guard let path = options.stressReport else { return }
        do {
            try report.write(to: path)
        } catch {
            Log.error("could not write the stress report to \(path): \(error)")
        }
    }

    /// `--jumps`: one jump without animation every 180 ms.
    func runJumps(_ jumps: [Int], on view: FeedView) {
        var remaining = jumps[...]
        guard !remaining.isEmpty else { return }
        MainLoopSource.timeout(milliseconds: 180) { [weak view] in
            guard let view, let next = remaining.popFirst() else { return false }
            view.scroll(to: next, animated: false)
            return !remaining.isEmpty
        }
    }
}
