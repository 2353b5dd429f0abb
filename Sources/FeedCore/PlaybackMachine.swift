// Pure: values only, imports Foundation at most.

/// The legal moves of a page's player between `PlaybackState`s.
///
/// Rules, in this order: from `releasing` only `released` is legal (to
/// `idle`); `release` goes to `releasing` from any state but `idle`; `fail`
/// goes to `error` from any state but `idle` and `error`. Then: idle+bind →
/// poster; poster+prepare → preparing; preparing+play → starting;
/// starting+pause → preparing; preparing+ready → ready; starting+ready →
/// playing; ready/paused/ended + play → playing; buffering+bufferEnd →
/// playing; playing/buffering/ready + pause → paused; playing+bufferStart →
/// buffering; playing/buffering + ended → ended; error+retry → preparing.
/// Everything else is illegal.
///
/// Whether the player wants to play is part of its state (`starting`,
/// `playing`, `buffering`), not a flag beside it. Entering `playing` while
/// the network source reports it is starved is followed at once by
/// `bufferStart`.
public enum PlaybackMachine {
    /// The state after `event` in `state`, or nil when the event is illegal
    /// there (the caller ignores it and may log it).
    public static func next(_ state: PlaybackState, _ event: PlaybackEvent) -> PlaybackState? {
        if state == .releasing { return event == .released ? .idle : nil }
        switch (state, event) {
        case (.idle, .release), (.idle, .fail), (.error, .fail):
            return nil
        case (_, .release):
            return .releasing
        case (_, .fail):
            return .error
        case (.idle, .bind):
            return .poster
        case (.poster, .prepare):
            return .preparing
        case (.preparing, .ready):
            return .ready
        case (.preparing, .play):
            return .starting
        case (.starting, .pause):
            return .preparing
        case (.starting, .ready):
            return .playing
        case (.ready, .play), (.paused, .play), (.ended, .play), (.buffering, .bufferEnd):
            return .playing
        case (.playing, .pause), (.buffering, .pause), (.ready, .pause):
            return .paused
        case (.playing, .bufferStart):
            return .buffering
        case (.playing, .ended), (.buffering, .ended):
            return .ended
        case (.error, .retry):
            return .preparing
        default:
            return nil
        }
    }

    /// The state after a sequence of events, or nil at the first illegal one.
    public static func run(_ events: [PlaybackEvent], from state: PlaybackState = .idle) -> PlaybackState? {
        var state = state
        for event in events {
            guard let next = next(state, event) else { return nil }
            state = next
        }
        return state
    }
}
