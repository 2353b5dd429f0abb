import CGLib
import CGtk
import FeedCore
import FeedGObject
import FeedMedia

/// Touchpad swipes, the mouse wheel and click-drag (or touch) paging.
///
/// Swipes and drags follow the pointer and snap on release per FeedCore's
/// `SnapDecision`; each wheel notch moves one page.
extension FeedView {
    /// Pixels a click must travel before it becomes a drag (so clicks on
    /// buttons inside a page stay clicks).
    static let dragThreshold = 8.0
    /// Without scroll-begin/end (X11), a smooth scroll ends after this many ms without events.
    static let smoothScrollIdleMilliseconds: UInt32 = 120
    /// How long a single click waits to see whether it becomes a double click.
    static let doubleClickMilliseconds: UInt32 = 250

    func installGestures() {
        // Horizontal paging takes both axes: touchpads swipe sideways, and a
        // mouse wheel (vertical only) still pages.
        let axes = axis == .vertical ? GTK_EVENT_CONTROLLER_SCROLL_VERTICAL : GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES
        let scroll = gtk_event_controller_scroll_new(axes)!
        connections += [
            Signals.connect(scroll, "scroll-begin") { [weak self] in self?.touchpadBegan() },
            Signals.connectDoublesReturningBool(scroll, "scroll") { [weak self] dx, dy in
                guard let self else { return false }
                let along = self.axis == .horizontal && dx != 0 ? dx : dy
                return self.scrolled(along, controller: scroll)
            },
            Signals.connect(scroll, "scroll-end") { [weak self] in self?.touchpadEnded() },
        ].compactMap { $0 }
        gtk_widget_add_controller(widget, scroll)

        let drag = gtk_gesture_drag_new()!
        gtk_gesture_single_set_touch_only(gopaque(drag), 0)
        connections += [
            Signals.connectDoubles(drag, "drag-begin") { [weak self] _, _ in self?.dragThresholdPassed = false },
            Signals.connectDoubles(drag, "drag-update") { [weak self] dx, dy in
                guard let self else { return }
                self.dragUpdated(self.axis == .vertical ? dy : dx, gesture: drag)
            },
            Signals.connectDoubles(drag, "drag-end") { [weak self] _, _ in self?.dragEnded() },
        ].compactMap { $0 }
        gtk_widget_add_controller(widget, gopaque(drag))

        // A click that does not become a drag plays or pauses the video (or
        // shows a covered sensitive post); a double click likes the post
        // instead (the single click waits for it).
        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(gopaque(click), 1)
        if let connection = Signals.connectPress(click, "released", { [weak self] presses, _, _ in
            guard let self, !self.dragThresholdPassed, self.drag == nil else { return }
            self.pendingClick?.cancel()
            self.pendingClick = nil
            if presses == 2 {
                if self.item(at: self.currentIndex).map({ self.session.likeState(of: $0).liked }) == false { self.toggleLike() }
                else { self.pages[self.currentIndex]?.likeRail.playBurst() }
            } else if presses == 1, let page = self.pages[self.currentIndex], page.sensitiveCover.isCovering,
                      let id = page.item?.id {
                // A click on a covered post shows it, as its Show button does.
                self.session.showSensitive(id)
            } else if presses == 1 {
                self.pendingClick = MainLoopSource.after(milliseconds: Self.doubleClickMilliseconds) { [weak self] in
                    self?.pendingClick = nil
                    self?.perform(.togglePlayback)
                }
            }
        }) {
            connections.append(connection)
        }
        gtk_widget_add_controller(widget, gopaque(click))
    }

    // MARK: Following a gesture

    func beginFollowing() {
        stopAnimation()
        drag = DragTracker(startIndex: currentIndex, startPosition: position)
    }

    /// Moves to `offset` pages from where the gesture started, never more
    /// than one page from its start page.
    func follow(offset: Double) {
        guard var tracker = drag, count > 0, pageLength > 0 else { return }
        let low = Double(max(0, tracker.startIndex - 1))
        let high = Double(min(count - 1, tracker.startIndex + 1))
        position = min(max(tracker.startPosition + offset, low), high)
        tracker.record(offset: position - Double(tracker.startIndex), at: g_get_monotonic_time())
        drag = tracker
        gtk_widget_queue_allocate(widget)
        reportState()
    }

    /// Settles where FeedCore's snap decision says.
    func endFollowing() {
        guard let tracker = drag else { return }
        drag = nil
        let velocity = tracker.velocity(at: g_get_monotonic_time())
        let input = SnapDecision.Input(currentIndex: tracker.startIndex,
                                       offset: position - Double(tracker.startIndex),
                                       velocity: velocity, count: count)
        releaseVelocity = abs(velocity)
        scroll(to: SnapDecision.target(input), animated: true)
    }

    // MARK: Touchpad and wheel

    private func touchpadBegan() {
        touchpadScrolling = true
        beginFollowing()
        pendingPixels = 0
    }

    private func touchpadEnded() {
        guard touchpadScrolling else { return }
        touchpadScrolling = false
        endFollowing()
    }

    /// Smooth deltas from a touchpad follow the fingers; discrete wheel
    /// notches (and whole-notch smooth deltas from a wheel) page.
    private func scrolled(_ dy: Double, controller: OpaquePointer) -> Bool {
        guard count > 0 else { return false }
        let unit = gtk_event_controller_scroll_get_unit(controller)
        let event = gtk_event_controller_get_current_event(controller)
        let discrete = event.map { gdk_scroll_event_get_direction($0) != GDK_SCROLL_SMOOTH } ?? true
        let pixelsPerUnit = unit == GDK_SCROLL_UNIT_SURFACE ? 1.0 : 40.0

        if touchpadScrolling {
            pendingPixels += dy * pixelsPerUnit
            follow(offset: pendingPixels / Double(max(pageLength, 1)))
            return true
        }
        if discrete || (unit == GDK_SCROLL_UNIT_WHEEL && abs(dy).truncatingRemainder(dividingBy: 1) == 0) {
            let step = wheel.add(dy, at: g_get_monotonic_time())
            if step != 0 { scroll(to: currentIndex + step, animated: true) }
            return true
        }
        // Smooth scrolling without begin/end events (touchpads on X11):
        // follow, and settle once the events stop.
        if drag == nil {
            beginFollowing()
            pendingPixels = 0
        }
        pendingPixels += dy * pixelsPerUnit
        follow(offset: pendingPixels / Double(max(pageLength, 1)))
        smoothScrollEnd?.cancel()
        smoothScrollEnd = MainLoopSource.after(milliseconds: Self.smoothScrollIdleMilliseconds) { [weak self] in
            self?.endFollowing()
        }
        return true
    }

    // MARK: Click-drag and touch

    /// `dy`: the drag's travel along the paging axis, in pixels.
    private func dragUpdated(_ dy: Double, gesture: OpaquePointer) {
        if !dragThresholdPassed {
            guard abs(dy) >= Self.dragThreshold, count > 0 else { return }
            dragThresholdPassed = true
            gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_CLAIMED)
            beginFollowing()
        }
        // Content follows the pointer: dragging up (or left) shows the next page.
        follow(offset: -dy / Double(max(pageLength, 1)))
    }

    private func dragEnded() {
        guard dragThresholdPassed else { return }
        dragThresholdPassed = false
        endFollowing()
    }
}
