import CGLib

/// The one way the app's own threads hand work to the GTK thread: an idle
/// callback on the default main context. What crosses is a value the GTK
/// thread acts on: a cache source's command, a decoded picture or
/// animation frame, a folder scan, a stall probe's finding, the demo's
/// progress. (GStreamer's own messages cross on the bus, and frames
/// through each player's mailbox.) Nothing in Sources uses
/// `DispatchQueue.main`.
///
/// `g_idle_add`, never `g_main_context_invoke`, which would run the body
/// on the calling thread whenever it can acquire the context.
public enum MainThreadHop {
    /// Runs `body` on the GTK thread at the next turn of its loop. Any thread.
    public static func post(_ body: @escaping @MainActor @Sendable () -> Void) {
        let box = ClosureBox<@MainActor @Sendable () -> Void>(body)
        g_idle_add_full(G_PRIORITY_DEFAULT, { data in
            guard let data else { return 0 }
            let box = ClosureBox<@MainActor @Sendable () -> Void>.from(data)
            MainActor.assumeIsolated { box.value() }
            return 0
        }, box.retainedPointer(), releaseBoxDestroyNotify)
    }
}
