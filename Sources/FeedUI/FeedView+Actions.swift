import CGLib
import CGtk
import FeedCore
import FeedGObject
import FeedMedia

/// Keyboard input routed through actions: the view installs a `feed` action
/// group on itself and a shortcut controller that triggers those actions
/// while the focus is in the feed. The controller runs in the capture phase,
/// so the window's arrow-key focus navigation never sees the paging keys.
extension FeedView {
    func installActions() {
        let group = g_simple_action_group_new()!
        for action in FeedAction.allCases {
            let simple = g_simple_action_new(action.name, nil)!
            if let connection = Signals.connect(simple, "activate", { [weak self] (_: UnsafeMutableRawPointer?) in
                self?.perform(action)
            }) {
                connections.append(connection)
            }
            g_action_map_add_action(gopaque(group), simple)
            g_object_unref(simple.rawGObject)
        }
        // The Captions entries of the More menu, each with its language's tag.
        let stringType = g_variant_type_new("s")
        let chooseCaptions = g_simple_action_new("caption-language", stringType)!
        g_variant_type_free(stringType)
        if let connection = Signals.connect(chooseCaptions, "activate", { [weak self] (parameter: UnsafeMutableRawPointer?) in
            guard let parameter, let text = g_variant_get_string(OpaquePointer(parameter), nil) else { return }
            self?.chooseCaptionLanguage(String(cString: text))
        }) {
            connections.append(connection)
        }
        g_action_map_add_action(gopaque(group), chooseCaptions)
        g_object_unref(chooseCaptions.rawGObject)
        // The Quality entries, each with its rendition's index (-1: automatic).
        let intType = g_variant_type_new("i")
        let chooseQuality = g_simple_action_new("rendition", intType)!
        g_variant_type_free(intType)
        if let connection = Signals.connect(chooseQuality, "activate", { [weak self] (parameter: UnsafeMutableRawPointer?) in
            guard let parameter else { return }
            let index = Int(g_variant_get_int32(OpaquePointer(parameter)))
            self?.chooseRendition(index < 0 ? nil : index)
        }) {
            connections.append(connection)
        }
        g_action_map_add_action(gopaque(group), chooseQuality)
        g_object_unref(chooseQuality.rawGObject)
        gtk_widget_insert_action_group(widget, "feed", gopaque(group))
        g_object_unref(group.rawGObject)

        let shortcuts = gtk_shortcut_controller_new()!
        gtk_shortcut_controller_set_scope(gopaque(shortcuts), GTK_SHORTCUT_SCOPE_LOCAL)
        gtk_event_controller_set_propagation_phase(shortcuts, GTK_PHASE_CAPTURE)
        for action in FeedAction.allCases {
            for accelerator in action.accelerators {
                guard let trigger = gtk_shortcut_trigger_parse_string(accelerator) else { continue }
                let named = gtk_named_action_new(action.detailedName)
                gtk_shortcut_controller_add_shortcut(gopaque(shortcuts), gtk_shortcut_new(trigger, named))
            }
        }
        gtk_widget_add_controller(widget, shortcuts)
    }

    /// Carries out `action`.
    public func perform(_ action: FeedAction) {
        // A key during a swipe that never heard its lift settles it first.
        gesture(.key)
        // Anything done on a timed photo starts its time again.
        send(.userActed)
        switch action {
        case .nextPage: motion.releaseVelocity = 0; next()
        case .previousPage: motion.releaseVelocity = 0; previous()
        case .firstPage: motion.releaseVelocity = 0; scroll(to: 0)
        case .lastPage: motion.releaseVelocity = 0; scroll(to: count - 1)
        case .togglePlayback: send(.togglePlayback)
        case .toggleMute:
            send(.mute(!seen.muted))
            pages[currentIndex]?.sound.flash.flash(muted: seen.muted)
        case .seekForward: send(.seekBy(5))
        case .seekBackward: send(.seekBy(-5))
        case .like: toggleLike()
        case .faster: changeRate(PlaybackRate.faster(than: seen.tuning.rate))
        case .slower: changeRate(PlaybackRate.slower(than: seen.tuning.rate))
        case .louder: changeVolume(by: Self.volumeStep)
        case .quieter: changeVolume(by: -Self.volumeStep)
        case .stepForward: step(frames: 1)
        case .stepBackward: step(frames: -1)
        case .copyLink:
            copyLink()
            if let item = currentItem { listeners.postAction?(.copyLink, item) }
        case .openInBrowser: openInBrowser()
        case .save:
            saveCurrentPost()
            if let item = currentItem { listeners.postAction?(.save, item) }
        case .showFewer:
            guard chrome.mixes, let item = currentItem else { return }
            listeners.postAction?(.showFewer, item)
            showToast(tr("You will see fewer posts like this"))
            motion.releaseVelocity = 0
            next()
        case .whyThisPost:
            guard chrome.mixes, let item = currentItem else { return }
            listeners.postAction?(.whyThisPost, item)
        case .toggleDiagnostics:
            showsDiagnostics.toggle()
            listeners.diagnosticsToggle?(showsDiagnostics)
        }
    }

    // MARK: Playback API (the widget's own, for apps that embed it; each is a session command)

    /// Plays the current video.
    public func play() { send(.play) }
    /// Pauses the current video (it stays paused until played or left).
    public func pause() { send(.pause) }
    /// Seeks the current video to `seconds`.
    public func seek(to seconds: Double) { send(.seekTo(seconds, accurate: true)) }
    /// Whether the current video's sound is off; persists across pages.
    public var isMuted: Bool {
        get { seen.muted }
        set { send(.mute(newValue)) }
    }
    /// Playback counters: TTFF samples, rebuffers, coalesced frames, errors.
    public var diagnostics: PlaybackDiagnostics { seen.diagnostics.counters }
    /// Tries the current item again with a fresh retry budget.
    public func retry() { send(.retry) }
}
