import CGLib
import CGtk
import FeedCore
import FeedGObject
import FeedMedia

/// Touchpad swipes, the mouse wheel and click-drag (or touch) paging.
///
/// Swipes and drags follow the pointer and snap when they end per FeedCore's
/// `SnapDecision`; `GestureEnd` says when a swipe has ended (the lift, or no
/// scroll for 150 ms where the lift never comes) and `ScrollKind` whether a
/// scroll is fingers or notches. Wheel notches page through
/// `WheelAccumulator`: one page a notch, a burst at most two, and a notch
/// while the pages move waits for them (one page at most).
/// Its numbers (drag threshold, double-click wait, wheel unit) are
/// FeedCore's `GestureTuning`.
extension FeedView {
    func installGestures() {
        // Horizontal paging takes both axes: touchpads swipe sideways, and a
        // mouse wheel (vertical only) still pages.
        let axes = axis == .vertical ? GTK_EVENT_CONTROLLER_SCROLL_VERTICAL : GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES
        let scroll = gtk_event_controller_scroll_new(axes)!
        connections += [
            // GTK begins for smooth scrolls only, and ends only when the
            // device sends its stop: between the two, scrolls are smooth.
            Signals.connect(scroll, "scroll-begin") { [weak self] in self?.pointer.gtkScrollOpen = true },
            Signals.connectDoublesReturningBool(scroll, "scroll") { [weak self] dx, dy in
                guard let self else { return false }
                let along = self.axis == .horizontal && dx != 0 ? dx : dy
                return self.scrolled(along, controller: scroll)
            },
            Signals.connect(scroll, "scroll-end") { [weak self] in
                self?.pointer.gtkScrollOpen = false
                self?.gesture(.lift)
            },
        ].compactMap { $0 }
        gtk_widget_add_controller(widget, scroll)

        let dragGesture = gtk_gesture_drag_new()!
        gtk_gesture_single_set_touch_only(gopaque(dragGesture), 0)
        connections += [
            Signals.connectDoubles(dragGesture, "drag-begin") { [weak self] _, _ in self?.pointer.dragThresholdPassed = false },
            Signals.connectDoubles(dragGesture, "drag-update") { [weak self] dx, dy in
                guard let self else { return }
                self.dragUpdated(self.axis == .vertical ? dy : dx, gesture: dragGesture)
            },
            Signals.connectDoubles(dragGesture, "drag-end") { [weak self] _, _ in self?.dragEnded() },
        ].compactMap { $0 }
        gtk_widget_add_controller(widget, gopaque(dragGesture))

        // A click that does not become a drag plays or pauses the video (or
        // shows a covered sensitive post); a double click likes the post
        // instead (the single click waits for it).
        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(gopaque(click), 1)
        // Held on a video for 400 ms, a press plays it at 2× until let go (not a
        // click). The drag gesture's end (every release) lets it go too.
        // A press a control of the page takes (a touch on a rail button
        // reaches this gesture too, and its release does not) starts none
        // of the page's timers; a press another gesture claims is cancelled.
        if let connection = Signals.connectPress(click, "pressed", { [weak self] presses, x, y in
            guard let self else { return }
            self.pointer.pressOnControl = self.landsOnControl(x: x, y: y)
            if presses == 1, !self.pointer.pressOnControl { self.pressBegan() }
        }) {
            connections.append(connection)
        }
        if let connection = Signals.connect(click, "cancel", { [weak self] (_: UnsafeMutableRawPointer?) in
            self?.pressEnded()
        }) {
            connections.append(connection)
        }
        if let connection = Signals.connectPress(click, "released", { [weak self] presses, _, _ in
            guard let self, !self.pressEnded(), !self.pointer.pressOnControl else { return }
            guard !self.pointer.dragThresholdPassed, self.pointer.drag == nil else { return }
            self.send(.userActed)
            self.pointer.pendingClick?.cancel()
            self.pointer.pendingClick = nil
            if presses == 2 {
                if self.item(at: self.currentIndex).map({ self.seen.likeState(of: $0).liked }) == false { self.toggleLike() }
                else { self.pages[self.currentIndex]?.likeRail.playBurst() }
            } else if presses == 1, let page = self.pages[self.currentIndex], page.sensitiveCover.isCovering,
                      let id = page.item?.id {
                // A click on a covered post shows it, as its Show button does.
                self.send(.showSensitive(id))
            } else if presses == 1 {
                self.pointer.pendingClick = MainLoopSource.after(milliseconds: GestureTuning.doubleClickMilliseconds) { [weak self] in
                    self?.pointer.pendingClick = nil
                    self?.perform(.togglePlayback)
                }
            }
        }) {
            connections.append(connection)
        }
        gtk_widget_add_controller(widget, gopaque(click))
    }

    /// Whether the point (x, y) of the feed is on a control of a page —
    /// a button (the rail's, the speaker, Show, Retry), a slider, a switch,
    /// a text field, the seek bar — or inside one.
    func landsOnControl(x: Double, y: Double) -> Bool {
        var current = gtk_widget_pick(widget, x, y, GTK_PICK_DEFAULT)
        let controls = [gtk_button_get_type(), gtk_menu_button_get_type(), gtk_range_get_type(), gtk_switch_get_type(),
                        gtk_check_button_get_type(), gtk_editable_get_type()]
        while let candidate = current, candidate != widget {
            let instance = UnsafeMutableRawPointer(candidate).assumingMemoryBound(to: GTypeInstance.self)
            if controls.contains(where: { g_type_check_instance_is_a(instance, $0) != 0 })
                || gtk_widget_has_css_class(candidate, "flick-scrubber") != 0 {
                return true
            }
            current = gtk_widget_get_parent(candidate)
        }
        return false
    }

    // MARK: Following a gesture

    func beginFollowing() {
        stopAnimation()
        var tracker = DragTracker(startIndex: currentIndex, startPosition: motion.position)
        tracker.record(offset: motion.position - Double(currentIndex), at: g_get_monotonic_time())
        pointer.drag = tracker
    }

    /// Moves to `offset` pages from where the gesture started, never more
    /// than one page from its start page.
    func follow(offset: Double) {
        guard var tracker = pointer.drag, count > 0, pageLength > 0 else { return }
        let low = Double(max(0, tracker.startIndex - 1))
        let high = Double(min(count - 1, tracker.startIndex + 1))
        motion.position = min(max(tracker.startPosition + offset, low), high)
        tracker.record(offset: motion.position - Double(tracker.startIndex), at: g_get_monotonic_time())
        pointer.drag = tracker
        gtk_widget_queue_allocate(widget)
        reportState()
    }

    /// Settles where FeedCore's snap decision says: with the velocity the
    /// gesture had, or standing still (`still`: it ended without a lift).
    func endFollowing(still: Bool = false) {
        guard let tracker = pointer.drag else { return }
        pointer.drag = nil
        pointer.fingers = false
        pointer.fingersIdle?.cancel()
        pointer.fingersIdle = nil
        let velocity = still ? 0 : tracker.velocity(at: g_get_monotonic_time())
        let input = SnapDecision.Input(currentIndex: tracker.startIndex,
                                       offset: motion.position - Double(tracker.startIndex),
                                       velocity: velocity, count: count)
        motion.releaseVelocity = abs(velocity)
        scroll(to: SnapDecision.target(input), animated: true)
    }

    /// Carries out what FeedCore's `GestureEnd` says `event` does to the
    /// touchpad gesture; returns whether the input may act now.
    @discardableResult
    func gesture(_ event: GestureEnd.Event) -> Bool {
        let open = pointer.fingers && pointer.drag != nil
        let since = Int(g_get_monotonic_time()) - pointer.lastFingersScroll
        if event == .lift, open { pointer.liftsSeen = true }
        switch GestureEnd.decide(open: open, event: event, sinceLastScroll: since, liftsSeen: pointer.liftsSeen) {
        case .begin:
            beginFollowing()
            pointer.fingers = true
            pointer.pendingPixels = 0
            return true
        case .follow:
            if event == .idle { rearmIdle() }
            return true
        case .release: endFollowing()
        case .settle: endFollowing(still: true)
        case .settleThenAct: endFollowing(still: true); return true
        case .act: return true
        case .ignore: break
        }
        return false
    }

    // MARK: Touchpad and wheel

    /// Fingers move the pages with them; notches page through the wheel
    /// accumulator.
    private func scrolled(_ delta: Double, controller: OpaquePointer) -> Bool {
        guard count > 0, delta.isFinite else { return false }
        send(.userActed)
        let inPixels = gtk_event_controller_scroll_get_unit(controller) == GDK_SCROLL_UNIT_SURFACE
        let event = gtk_event_controller_get_current_event(controller)
        // Without an event (the signals emitted by hand, as by an app that
        // embeds the feed), scrolls between a begin and an end are a touchpad's.
        let smooth = event.map { gdk_scroll_event_get_direction($0) == GDK_SCROLL_SMOOTH } ?? pointer.gtkScrollOpen
        let touchpad = event.map { gdk_event_get_device($0).map { gdk_device_get_source($0) == GDK_SOURCE_TOUCHPAD } ?? false }
            ?? pointer.gtkScrollOpen
        switch ScrollKind.of(.init(smooth: smooth, inPixels: inPixels, fromTouchpad: touchpad)) {
        case .fingers:
            guard gesture(.scroll) else { return true }
            pointer.lastFingersScroll = Int(g_get_monotonic_time())
            pointer.pendingPixels += GestureTuning.pixels(delta: delta, inPixels: inPixels)
            follow(offset: pointer.pendingPixels / Double(max(pageLength, 1)))
            rearmIdle()
        case .notches:
            gesture(.wheel)
            let step = pointer.wheel.add(delta, at: Int(g_get_monotonic_time()))
            if step != 0 { pageByWheel(step) }
        }
        return true
    }

    /// Where no lift comes, the gesture ends when the scrolls stop: a timer
    /// for the rest of the idle limit since the last scroll. Below the
    /// events' priority, so that after a stall the scrolls already waiting go first.
    private func rearmIdle() {
        pointer.fingersIdle?.cancel()
        let left = pointer.lastFingersScroll + GestureEnd.idleLimit(liftsSeen: pointer.liftsSeen) - Int(g_get_monotonic_time())
        let milliseconds = UInt32(clamping: max(1, (left + 999) / 1000))
        pointer.fingersIdle = MainLoopSource.timeout(milliseconds: milliseconds, priority: G_PRIORITY_DEFAULT_IDLE) { [weak self] in
            self?.pointer.fingersIdle = nil
            self?.gesture(.idle)
            return false
        }
    }

    /// Pages `step` (±1) for the wheel: at once when the pages rest, after
    /// they land when they move (one page waits at most; a notch the other
    /// way drops it).
    private func pageByWheel(_ step: Int) {
        motion.releaseVelocity = 0
        guard isAnimating else {
            scroll(to: currentIndex + step, animated: true)
            return
        }
        if pointer.queuedPage == nil { pointer.queuedPage = step } else if pointer.queuedPage != step { pointer.queuedPage = nil }
        reportState()
    }

    // MARK: Click-drag and touch

    /// `dy`: the drag's travel along the paging axis, in pixels.
    private func dragUpdated(_ dy: Double, gesture recognizer: OpaquePointer) {
        // A press held for 2× does not page.
        if pointer.holdingFaster { return }
        if !pointer.dragThresholdPassed {
            guard GestureTuning.isDrag(travel: dy), count > 0 else { return }
            pointer.dragThresholdPassed = true
            pressEnded() // a drag, not a hold
            gtk_gesture_set_state(recognizer, GTK_EVENT_SEQUENCE_CLAIMED)
            gesture(.drag)
            beginFollowing()
        }
        // Content follows the pointer: dragging up (or left) shows the next page.
        follow(offset: -dy / Double(max(pageLength, 1)))
    }

    private func dragEnded() {
        pressEnded()
        guard pointer.dragThresholdPassed else { return }
        pointer.dragThresholdPassed = false
        endFollowing()
    }
}
