import CGLib
import CGtk
import FeedCore
import FeedGObject
import FeedMedia

/// Showing the session's updates: frames and errors go to the page of
/// their index, new or replaced items remount the pages, the rest is
/// reported. GTK thread only.
extension FeedView {
    /// The session as it stands now (read again after each update, command or push).
    var seen: SessionSnapshot {
        if let read = link.lastSeen { return read }
        let read = session.snapshot()
        link.lastSeen = read
        return read
    }

    /// Gives the session `command`; what it changes is read afresh. (A
    /// page's ask for its still or animation, a painted frame or a touch
    /// changes nothing the snapshot holds, or is told by an update.)
    func send(_ command: SessionCommand) {
        switch command {
        case .requestStill, .cancelStill, .animation, .framePainted, .userActed:
            session.send(command)
        default:
            link.lastSeen = nil
            session.send(command)
            link.lastSeen = nil
        }
    }

    /// Re-reads the session's items after some were appended. The current
    /// index and scroll position stay where they are when still valid.
    func itemsChanged() {
        let count = self.count
        if count == 0 {
            currentIndex = 0
        } else if currentIndex >= count {
            currentIndex = count - 1
            motion.position = Double(currentIndex)
        }
        for (index, page) in pages where index < count {
            bind(page, at: index)
        }
        // Mounts what the new count asks for; the push lets pages that just
        // got their items get players.
        remount()
    }

    /// The session's items were replaced (a Reload). What the user sees is
    /// kept by id: if the current item is still there it keeps playing and
    /// the view moves to where it now is; pages of items that moved follow them.
    func itemsReplaced(_ replacement: FeedSession.ItemsReplacement) {
        let newCurrent = replacement.currentIndex
        stopAnimation()
        pointer.drag = nil
        currentIndex = newCurrent
        motion.position = Double(newCurrent)
        let window = MountWindow.range(current: newCurrent, count: count, radius: radius)
        var kept: [Int: FeedPage] = [:]
        for (old, page) in pages {
            if let target = replacement.newIndexOf[old], window.contains(target), kept[target] == nil,
               page.item?.id == item(at: target)?.id {
                kept[target] = page
            } else {
                page.releaseStill()
                gtk_widget_unparent(page.root.widget)
            }
        }
        // Moved once filed under their new indices: a still asked again
        // on the move may be answered at once, to pages[target].
        pages = kept
        for (target, page) in kept { page.move(to: target) }
        for index in window where pages[index] == nil {
            apply(.mount(index))
        }
        mounted = window
        for (index, page) in pages { bind(page, at: index) }
        gtk_widget_queue_allocate(widget)
        pushInput()
        reportState()
    }

    // MARK: The session's updates

    public func feedSession(_ session: FeedSession, didUpdate update: FeedSession.Update) {
        // What the session says now may differ from what was read before
        // (a still, a cue or an animation frame changes nothing it holds).
        switch update {
        case .still, .stillFailed, .stillRequested, .animationFrame, .cue: break
        default: link.lastSeen = nil
        }
        switch update {
        case .itemsChanged:
            itemsChanged()
        case .itemsReplaced(let replacement):
            itemsReplaced(replacement)
        case .frame(let index, let frame, let source):
            StallWatch.running("frame present") { pages[index]?.present(frame, source: source) }
        case .videoReleased(let index):
            if let page = pages[index], page.video.framesShown > 0 { page.clearVideo() }
        case .error(let index, let code, let status, let retryable):
            pages[index]?.errorCard.show(code.message(httpStatus: status),
                                         retry: retryable ? { [weak self] in self?.send(.retry) } : nil)
        case .errorCleared(let index):
            pages[index]?.errorCard.hide()
        case .muted(let muted):
            for page in pages.values { page.setMuted(muted) }
            listeners.mutedChange?(muted)
        case .playing(let playing):
            for listener in listeners.playing { listener(playing) }
        case .likeChanged(let id):
            for page in pages.values where page.item?.id == id {
                guard let item = page.item else { continue }
                let like = seen.likeState(of: item)
                page.likeRail.show(liked: like.liked, likes: like.likes)
            }
        case .toast(let message):
            showToast(message)
        case .signInToLike(let service, let server):
            if let signIn = listeners.signInToLike {
                signIn(service, server)
            } else {
                showToast(tr("Sign in to %1$s to like its posts").filled(server))
            }
        case .stateChanged:
            reportState()
        case .sensitiveChanged:
            for page in pages.values { coverIfSensitive(page) }
            reportState()
        case .still(let index, let itemID, let image):
            pages[index]?.showStill(image, itemID: itemID)
        case .stillFailed(let index, let itemID, let failure):
            pages[index]?.showStillFailure(failure, itemID: itemID)
        case .animationFrame(let index, let itemID, let image):
            pages[index]?.showAnimationFrame(image, itemID: itemID)
        case .advance(let index):
            // Paged on by itself only from a resting pager: a hand on it wins.
            guard index == currentIndex, isSettled else { return }
            motion.releaseVelocity = 0
            next()
        case .cue(let index, let cue):
            pages[index]?.cue.show(cue, rate: seen.tuning.effectiveRate)
            if index == currentIndex { reportState() }
        case .postTimeChanged:
            updateCountdowns()
            reportState()
        case .animationChanged:
            // Later, not inside the report that stopped it (updateChrome runs in reports).
            _ = MainLoopSource.idle(priority: G_PRIORITY_DEFAULT) { [weak self] in self?.reportState(); return false }
        case .likeToggled(let id, let liked):
            if liked, let page = pages[currentIndex], page.item?.id == id { page.likeRail.playBurst() }
        case .stepped(let index, let seconds):
            if let page = pages[index] { showStep(on: page, at: seconds) }
        case .stillRequested(let index, let request):
            pages[index]?.stillRequested(request)
        case .viewReplaced:
            link.attached = false
        case .saveProgress(let share):
            saveProgressed(share)
        case .saveEnded(let result):
            saveEnded(result)
        }
    }
}

/// The pages' asks for stills and animations, passed to the session.
extension FeedView: FeedPageHost {
    func page(needsStillAt index: Int, box: PixelSize, fit: ContentFit) {
        send(.requestStill(at: index, box: box, fit: fit))
    }

    func page(dropsStillAt index: Int, request: Int) {
        send(.cancelStill(at: index, request: request))
    }

    func page(animatesAt index: Int, playing: Bool, box: PixelSize, fit: ContentFit) {
        send(.animation(at: index, playing: playing, box: box, fit: fit))
    }

    func pageChanged(_ page: FeedPage) {
        guard page.index == currentIndex else { return }
        reportState()
    }

    var pageVolume: Double {
        get { volume }
        set { volume = newValue }
    }

    func page(stepsVolumeBy step: Double) {
        changeVolume(by: step)
    }

    func pagePaintedFirstVideoFrame(_ page: FeedPage) {
        // Pages are reused for other indices: the page says where it is now.
        // A view no longer shown sends nothing (its pages may paint once more).
        guard link.attached else { return }
        send(.framePainted(at: page.index))
    }
}

extension FeedView {
    /// Covers `page` while its post is a sensitive one held back, with the
    /// content warning (its title) as the reason; Show uncovers it.
    func coverIfSensitive(_ page: FeedPage) {
        guard let item = page.item else { return }
        let held = seen.isHeldBack(item)
        page.setSensitive(covered: held, reason: held ? item.title : nil) { [weak self] in
            self?.send(.showSensitive(item.id))
        }
    }
}
