// Pure: values only, imports Foundation at most.

/// Optimistic likes: the heart flips at once, one request per item is on its
/// way at a time, and rapid like/unlike/like settles to the last wish.
///
/// Rules:
/// - `toggle` flips the intent. With nothing in flight it sends the intent
///   as request `lastSeq + 1`; with a request in flight it only remembers.
/// - A result for anything but the request in flight is stale: nil (the
///   caller drops it). So is any result when nothing is in flight.
/// - `requestSucceeded` makes the server's answer the confirmed state (a
///   missing count is the old one moved by the change). If the user changed
///   their mind while it was on its way and the intent now differs from the
///   confirmed state, the intent is sent next. If the intent is what was
///   sent, the server's word wins, even when it disagrees (no resend loop).
/// - `requestFailed` drops the intent: the page shows the confirmed state
///   again, with a toast when that undoes what the page was showing.
public enum LikeIntent {
    /// The decision for `event` in `state`, or nil for a stale result.
    public static func next(_ state: State, _ event: Event) -> Decision? {
        var state = state
        switch event {
        case .toggle:
            state.intent.toggle()
            guard state.inFlight == nil else { return Decision(state: state) }
            return started(state)

        case .requestSucceeded(let seq, let liked, let likes):
            guard let sent = state.inFlight, sent.seq == seq else { return nil }
            state.inFlight = nil
            let count = likes ?? moved(state.confirmed, to: liked)
            state.confirmed = Confirmed(liked: liked, likes: count)
            if state.intent == sent.liked {
                state.intent = liked
                return Decision(state: state)
            }
            guard state.intent != state.confirmed.liked else { return Decision(state: state) }
            return started(state)

        case .requestFailed(let seq):
            guard let sent = state.inFlight, sent.seq == seq else { return nil }
            state.inFlight = nil
            let undone = state.intent != state.confirmed.liked
            state.intent = state.confirmed.liked
            return Decision(state: state, action: .revert(toast: undone))
        }
    }

    /// Takes the next sequence number and puts the intent in flight.
    private static func started(_ state: State) -> Decision {
        var state = state
        state.lastSeq &+= 1
        state.inFlight = Request(seq: state.lastSeq, liked: state.intent)
        return Decision(state: state, action: .send(seq: state.lastSeq, liked: state.intent))
    }

    /// The confirmed count after a change to `liked` the server did not count.
    private static func moved(_ confirmed: Confirmed, to liked: Bool) -> Int? {
        guard let count = confirmed.likes else { return nil }
        switch (confirmed.liked, liked) {
        case (false, true): return count + 1
        case (true, false): return max(0, count - 1)
        default: return count
        }
    }
}
