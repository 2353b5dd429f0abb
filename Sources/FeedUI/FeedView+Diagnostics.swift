import CGLib
import CGtk
import FeedCore
import FeedMedia

/// The diagnostics overlay over the feed, and the snapshot it shows.
extension FeedView {
    /// Whether the diagnostics overlay shows over the feed. Turning it off
    /// drops the overlay and its timer; Ctrl+Shift+D flips it and tells
    /// `onDiagnosticsToggle`.
    public var showsDiagnostics: Bool {
        get { chrome.diagnosticsOverlay != nil }
        set {
            guard newValue != showsDiagnostics else { return }
            if newValue {
                let overlay = DiagnosticsOverlay { [weak self] in self?.diagnosticsSnapshot() ?? DiagnosticsSnapshot() }
                overlay.onChange = { [weak self] in self?.reportState() }
                // The last child is drawn last: over every page (pages are
                // mounted before it, see `attachPage`).
                gtk_widget_set_parent(overlay.widget, widget)
                chrome.diagnosticsOverlay = overlay
            } else if let overlay = chrome.diagnosticsOverlay {
                overlay.stop()
                gtk_widget_unparent(overlay.widget)
                chrome.diagnosticsOverlay = nil
            }
            gtk_widget_queue_allocate(widget)
            reportState()
        }
    }

    /// The numbers the overlay shows, read now.
    public func diagnosticsSnapshot() -> DiagnosticsSnapshot {
        let reading = session.snapshot(.cacheReport).diagnostics
        var snapshot = DiagnosticsSnapshot()
        snapshot.playersAlive = reading.players.alive
        snapshot.playersPrepared = reading.players.prepared
        snapshot.mountedSurfaces = pages.count
        snapshot.ttff = Percentiles.summary(of: reading.counters.ttffSamples)
        snapshot.rebuffers = reading.counters.rebuffers
        snapshot.rebufferMilliseconds = reading.counters.rebufferMilliseconds
        snapshot.cache = reading.cache?.statistics
        snapshot.cacheProblem = reading.cache?.problem
        snapshot.uncachedFiles = reading.cache?.uncachedFiles ?? 0
        snapshot.residentBytes = ProcessMemory.residentBytes()
        snapshot.decoder = reading.decoder
        snapshot.decoderIsHardware = reading.decoderIsHardware
        // What the preload plan follows now: the desktop's signals, with
        // the data-saver setting applied to the network.
        snapshot.constraints = PlanConstraints(network: reading.network, memory: reading.memory,
                                               powerSaver: reading.powerSaver)
        return snapshot
    }

    /// The overlay's lines while it shows, for `--report-state`.
    var diagnosticsLines: [String]? { chrome.diagnosticsOverlay?.lines }

    /// Mounts a page widget under the feed's overlays, so they stay on top.
    func attachPage(_ page: WidgetPointer) {
        gtk_widget_insert_before(page, widget, chrome.diagnosticsOverlay?.widget)
    }

    /// Places the overlays over the pages: the diagnostics at the top left,
    /// at their natural size, leaving the top-right corner to the page's
    /// mute button (its width and margins, in logical pixels).
    func layoutOverlays(width: Int32, height: Int32) {
        guard let overlay = chrome.diagnosticsOverlay?.widget else { return }
        let margin: Int32 = 12
        let muteButton: Int32 = 36 + 2 * 12
        var minimum: Int32 = 0
        var naturalWidth: Int32 = 0
        var naturalHeight: Int32 = 0
        gtk_widget_measure(overlay, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &naturalWidth, nil, nil)
        let overlayWidth = max(minimum, min(naturalWidth, width - margin - muteButton))
        gtk_widget_measure(overlay, GTK_ORIENTATION_VERTICAL, overlayWidth, &minimum, &naturalHeight, nil, nil)
        var point = graphene_point_t(x: Float(margin), y: Float(margin))
        gtk_widget_allocate(overlay, overlayWidth, max(minimum, naturalHeight), -1, gsk_transform_translate(nil, &point))
    }
}
