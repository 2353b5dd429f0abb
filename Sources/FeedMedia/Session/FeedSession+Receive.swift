import FeedCore
import FeedSources

/// What the session's parts tell it (``SessionEvent``), handled in one
/// place: each event becomes updates to the view and, where the plan
/// depends on it, a re-plan. A part answers a call with the events it
/// causes (the session applies them once the call returned); what happens
/// later (an answer, a timer, a frame) it posts to the inbox. GTK thread only.
extension FeedSession {
    func receive(_ event: SessionEvent) {
        MainActor.assertIsolated()
        switch event {
        case .frame(let index, let frame, let source):
            emit(.frame(index: index, frame: frame, source: source))
        case .player(let event, let index):
            handle(event, at: index)
        case .cue(let cue, let index):
            cueArrived(cue, at: index)
        case .items(let change):
            itemsDidChange(change)
        case .postTimeUp(let index):
            postIsOver(at: index, trigger: .timeUp)
        case .still(let update):
            emit(update)
            if case .stillFailed(let index, _, _) = update { stillFailed(at: index) }
        case .bufferVerdictChanged:
            // Starving or fed again: re-plan (speculative work stops or resumes).
            update()
        case .likes(let effects):
            apply(effects)
        case .cacheWriteProblem(let text):
            // Said once to each feed: the disk is full or failing, videos stream instead.
            emit(.toast(text))
        }
    }

    /// Applies what a part answered a call with: the same events it would
    /// post later, handled the same way, but after the call returned.
    func apply(_ events: [SessionEvent]) {
        for event in events { receive(event) }
    }

    /// Applies what a like's toggle or a server's answer changed: a heart
    /// redraws, a toast says what was not saved.
    func apply(_ effects: [LikeEffect]) {
        for effect in effects {
            switch effect {
            case .changed(let id, _, _):
                emit(.likeChanged(itemID: id))
                emit(.stateChanged)
            case .failed(_, let message):
                emit(.toast(message))
            }
        }
    }
}
