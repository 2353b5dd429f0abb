import CGLib
import CGtk
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Quits the application cleanly on SIGINT and SIGTERM, through GLib's
/// signal sources (the handler runs on the main loop, not in signal context).
///
/// A process may start with these signals blocked (a parent's worker thread
/// mask is inherited across fork/exec); they are unblocked first, or a
/// plain `kill` would never reach the app.
@MainActor
final class QuitSignals {
    private var sources: [guint] = []
    private let application: UnsafeMutableRawPointer

    init(application: UnsafeMutablePointer<AdwApplication>) {
        self.application = UnsafeMutableRawPointer(application)
        var set = sigset_t()
        sigemptyset(&set)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&set, signal) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        for signal in [SIGINT, SIGTERM] {
            sources.append(g_unix_signal_add_full(G_PRIORITY_DEFAULT, signal, { data in
                g_application_quit(data?.assumingMemoryBound(to: GApplication.self))
                return 1 // keep the source: a second signal quits again
            }, self.application, nil))
        }
    }

    /// Removes the signal sources (after the main loop has ended).
    func remove() {
        for id in sources { g_source_remove(id) }
        sources.removeAll()
    }
}
