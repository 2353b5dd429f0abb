import FeedGObject
import CGLib
import CGtk
import FeedCore
import FeedMedia

/// What the feed offers a desktop app around it: the full reported state,
/// the current post and its playback, toasts, and sharing the current
/// post's address (copy, open). GTK thread only.
extension FeedView {
    /// The state as reported to the state listeners: the feed's own, plus the
    /// desktop experience (diagnostics, layout passes, the seek bar).
    public var state: FeedState {
        var state = baseState
        state.diagnostics = diagnosticsLines
        state.feedLayouts = chrome.layoutPasses
        let scrubber = pages[currentIndex]?.scrubber
        state.scrubberShown = scrubber?.isShown ?? false
        state.scrubbing = scrubber?.scrubbing ?? false
        state.positionMilliseconds = reportedPositionMilliseconds
        state.scrubberDraws = scrubber?.draws ?? 0
        state.currentLabel = pages[currentIndex]?.accessibleLabel
        state.announcement = chrome.announcement
        state.focus = focusDescription
        state.shimmersAnimating = shimmersAnimating
        state.animationsPlaying = seen.animatingIndex == nil ? 0 : 1
        state.sensitiveHidden = pages[currentIndex]?.sensitiveCover.isCovering ?? false
        state.effectiveFit = effectiveFit
        state.savesDone = seen.saving.savesDone
        state.saveError = seen.saving.lastFailure.map(\.description)
        return state
    }

    /// The item of the current page, nil on a skeleton or an empty feed.
    public var currentItem: FeedItem? { item(at: currentIndex) }

    /// Whether the current video plays or is about to (not paused, not an image).
    public var isPlaying: Bool {
        // Every start and stop of the shown post comes with an update, which drops the snapshot read before.
        let shown = seen.shown
        return shown.index == currentIndex && shown.isPlaying
    }

    /// Where the current video is and how long it lasts, in seconds, when known.
    public var currentPosition: Double? { shownNow?.position }
    public var currentDuration: Double? { shownNow?.duration ?? currentItem?.duration }

    /// The current post as its player has it at this moment (its position
    /// moves without updates, so this is read afresh); nil until the
    /// session planned for the current page.
    var shownNow: ShownPost? {
        let shown = session.snapshot(.playhead).shown
        return shown.index == currentIndex ? shown : nil
    }

    /// Shows a short message over the window (through `onToast`) and counts it.
    func showToast(_ message: String) {
        chrome.toastsShown += 1
        listeners.toast?(message)
        reportState()
    }

    /// Puts the current post's address on the clipboard (its web page
    /// where its source names one, else its file's) and says which.
    func copyLink() {
        guard let item = currentItem, let display = gtk_widget_get_display(widget),
              let clipboard = gdk_display_get_clipboard(display) else { return }
        let target = seen.shareTarget(of: item)
        gdk_clipboard_set_text(clipboard, target.address)
        switch target {
        case .page: showToast(tr("Link to the post copied"))
        case .localFile: showToast(tr("Address of the file copied"))
        case .media:
            switch item.kind {
            case .video: showToast(tr("Link to the video file copied"))
            case .image: showToast(tr("Link to the picture file copied"))
            case .audio: showToast(tr("Link to the sound file copied"))
            }
        }
    }

    /// Opens the current post's page (or its file's address) with the
    /// desktop's handler for it, the browser for http(s); a file on this
    /// computer is shown in the file manager. A failure is said in a toast.
    func openInBrowser() {
        guard let item = currentItem else { return }
        let target = seen.shareTarget(of: item)
        if case .localFile(let uri) = target {
            FileManagerShow.show(uri) { [weak self] failure in
                guard let failure else { return }
                self?.showToast(tr("Could not show the file: %1$s").filled(failure))
            }
            return
        }
        let window = gtk_widget_get_root(widget).map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWindow.self) }
        let context = Unmanaged.passRetained(WeakFeedView(self)).toOpaque()
        gtk_show_uri_full(window, target.address, 0 /* GDK_CURRENT_TIME */, nil, { source, result, data in
            guard let data else { return }
            let weak = Unmanaged<WeakFeedView>.fromOpaque(data).takeRetainedValue()
            var error: UnsafeMutablePointer<GError>?
            let parent = source.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWindow.self) }
            let opened = gtk_show_uri_full_finish(parent, result, &error) != 0
            let message = error.map { String(cString: $0.pointee.message) }
            if let error { g_error_free(error) }
            MainActor.assumeIsolated {
                guard !opened else { return }
                weak.view?.showToast(tr("Could not open the link: %1$s").filled(message ?? tr("no application for it")))
            }
        }, context)
    }
}
