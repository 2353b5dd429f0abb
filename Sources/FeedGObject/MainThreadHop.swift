import CGLib

/// The one way the app's own threads hand results to the GTK thread: an
/// idle callback on the default main context carrying a typed value — a
/// message to its owner (``MainThreadOwner``), or the answer a caller
/// asked for (``reply(_:to:)``). What crosses is a value the GTK thread
/// acts on: a cache source's command, a decoded picture or animation
/// frame, a folder scan, a stall probe's finding, the demo's progress.
/// (GStreamer's own messages come on the bus watch and GIO's answers to
/// their callbacks, both run by the main context; frames come through each
/// player's mailbox, the frame path's own hop.) Nothing in Sources uses
/// `DispatchQueue.main`.
///
/// `g_idle_add`, never `g_main_context_invoke`, which would run the body
/// on the calling thread whenever it can acquire the context.
public enum MainThreadHop {
    /// Sends `message` to `owner` at the next turn of the GTK thread's
    /// loop; dropped when the owner has gone by then, unless `keepsOwner`
    /// (the message holds it until delivered: work that must hear its
    /// answer to finish). Any thread.
    package static func send<Owner: MainThreadOwner>(_ message: Owner.Message, to owner: Owner, keepsOwner: Bool = false) {
        if keepsOwner {
            post { owner.receive(message) }
        } else {
            post { [weak owner] in owner?.receive(message) }
        }
    }

    /// Gives `value` to `answer`, the answer a caller asked for, at the
    /// next turn of the GTK thread's loop. Any thread.
    package static func reply<Value: Sendable>(_ value: Value, to answer: @escaping @MainActor @Sendable (Value) -> Void) {
        post { answer(value) }
    }

    /// Runs `body` on the GTK thread at the next turn of its loop.
    private static func post(_ body: @escaping @MainActor @Sendable () -> Void) {
        let box = ClosureBox<@MainActor @Sendable () -> Void>(body)
        g_idle_add_full(G_PRIORITY_DEFAULT, { data in
            guard let data else { return 0 }
            let box = ClosureBox<@MainActor @Sendable () -> Void>.from(data)
            MainActor.assumeIsolated { box.value() }
            return 0
        }, box.retainedPointer(), releaseBoxDestroyNotify)
    }
}
