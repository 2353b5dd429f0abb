/// Where a session's parts post their ``SessionEvent``s: the one way back
/// into the session from a part, instead of a closure per part set in the
/// session's initialiser. It holds the session weakly (parts outlive
/// nothing, but their timers and answers may come after it ended: those
/// are dropped). GTK thread only.
@MainActor
final class SessionInbox {
    /// The session the events go to; set once it is made.
    weak var session: FeedSession?

    /// Hands `event` to the session, at once, on the GTK thread.
    func post(_ event: SessionEvent) {
        session?.receive(event)
    }
}
