import CGLib
import CGtk
import FeedGObject
import FeedMedia
import FlickTooling
import Foundation

/// The exit: what must outlive the process (the stress report, the cache
/// index) is written without the GTK thread waiting on the disk or on
/// players stopping.
extension AppController {
    /// Quits as closing the window does (its size saved, the exit work
    /// done); with no window, ends the main loop at once. SIGINT, SIGTERM
    /// and stress runs quit here.
    func quit() {
        if let window {
            gtk_window_close(gcast(window.window.widget))
        } else {
            g_application_quit(g_application_get_default())
        }
    }

    /// Lets the feed go and closes the cache. The stress report is read
    /// first, before the players go. The players' pipelines reaching NULL
    /// and the store's last flush run on a thread of their own while the
    /// application is held; the main loop ends when they are done (once).
    /// `quitting` false: the loop is over already (``shutdown()`` waits).
    func finish(quitting: Bool = true) {
        guard exitWork == nil else { return }
        StallWatch.running("app exit") { beginExit(quitting: quitting) }
    }

    private func beginExit(quitting: Bool) {
        if let stress { finishStress(stress) }
        saveResumeNow(always: true)
        window?.feedView?.shutdown()
        session?.shutdown()
        session = nil
        let work = PendingWork()
        exitWork = work
        personal?.likes.flush(work)
        personal?.taste.flush(work)
        let application = g_application_get_default()
        if quitting { g_application_hold(application) }
        // A timed stress run (the bench's) lets its preloads under way
        // finish first, so that the cold run leaves on disk what it asked
        // for and the warm run measures what a second pass fetches, not
        // where the cold one's clock cut it. Anyone else's quit stops them.
        guard let cache = media.cache, stress?.seconds != nil, quitting else {
            media.cache?.stopFetching()
            closeAfterTeardown(store: media.cache?.store, quitting: quitting, work: work)
            return
        }
        work.enter()
        cache.finishPreloads(within: Self.stressPreloadSeconds) { [weak self] in
            self?.closeAfterTeardown(store: cache.store, quitting: quitting, work: work)
            work.leave()
        }
    }

    /// How long a timed stress run's preloads may run on at its end, in seconds.
    static let stressPreloadSeconds = 10.0

    /// Fetches have stopped and pins are gone: stops the demo server, then
    /// lets the players' pipelines reach NULL and closes the store off the
    /// GTK thread; the main loop ends when that is done (when `quitting`).
    private func closeAfterTeardown(store: RangeStore?, quitting: Bool, work: PendingWork) {
        demo?.server.stop(waiting: false)
        // The window is gone: the players' pipelines reach NULL before the process ends.
        EngineShutdown.finish(store: store, throughput: media.engine?.throughput, work: work) { stopped in
            if !stopped { Log.warning("a player did not stop in time") }
            guard quitting else { return }
            // The quit is the GTK thread's to do: the answer goes there.
            MainThreadHop.reply(stopped) { _ in
                let application = g_application_get_default()
                g_application_release(application)
                g_application_quit(application)
            }
        }
    }
}
