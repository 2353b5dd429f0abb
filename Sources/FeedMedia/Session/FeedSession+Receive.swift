import FeedCore

/// What the session's parts tell it outside a call (``SessionEvent``),
/// handled in one place: each event becomes updates to the view and, where
/// the plan depends on it, a re-plan. GTK thread only.
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
        case .likeChanged(let id):
            emit(.likeChanged(itemID: id))
            emit(.stateChanged)
        case .likeFailed(let message):
            emit(.toast(message))
        case .cacheWriteProblem(let text):
            // Said once to each feed: the disk is full or failing, videos stream instead.
            emit(.toast(text))
        }
    }
}
