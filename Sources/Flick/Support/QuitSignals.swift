import CGLib
import CGtk
import FeedGObject
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Quits the application cleanly on SIGINT and SIGTERM, through GLib's
/// signal sources (the handler runs on the main loop, not in signal
/// context): the first signal asks `quit` (as closing the window does, so
/// the exit work runs), a second ends the main loop at once.
///
/// A process may start with these signals blocked (a parent's worker thread
/// mask is inherited across fork/exec); they are unblocked first, or a
/// plain `kill` would never reach the app.
@MainActor
final class QuitSignals {
    private var sources: [guint] = []

    init(quit: @escaping @MainActor () -> Void) {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&set, signal) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        var asked = false
        let box = ClosureBox<@MainActor () -> Void> {
            guard !asked else { return g_application_quit(g_application_get_default()) }
            asked = true
            quit()
        }
        for signal in [SIGINT, SIGTERM] {
            sources.append(g_unix_signal_add_full(G_PRIORITY_DEFAULT, signal, { data in
                guard let data else { return 0 }
                MainActor.assumeIsolated { ClosureBox<@MainActor () -> Void>.from(data).value() }
                return 1 // keep the source: a second signal quits at once
            }, box.retainedPointer(), releaseBoxDestroyNotify))
        }
    }

    /// Removes the signal sources (after the main loop has ended).
    func remove() {
        for id in sources { g_source_remove(id) }
        sources.removeAll()
    }
}
