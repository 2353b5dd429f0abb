import CGLib
import CGtk
import FeedGObject
import FeedMedia

/// The diagnostics overlay: live numbers of the player pool, pages,
/// playback, network, cache and memory in the feed's top-left corner.
///
/// GTK thread only; made by `FeedView` when diagnostics are turned on and
/// dropped when they are turned off. It reads its numbers every
/// `refreshMilliseconds` while it is mapped, and keeps no timer otherwise,
/// so an idle app with the overlay hidden (or its window minimized) stays
/// idle. It takes no input: clicks and drags reach the feed below.
@MainActor
final class DiagnosticsOverlay {
    /// How often the numbers are read while shown, in milliseconds.
    static let refreshMilliseconds: UInt32 = 500

    /// A GtkLabel, parented by the feed above its pages.
    let root: GObjectRef
    var widget: WidgetPointer { root.widget }
    /// The lines shown now (empty before the first read).
    private(set) var lines: [String] = []
    /// Called after each read whose lines differ from the previous ones.
    var onChange: (() -> Void)?

    private let read: @MainActor () -> DiagnosticsSnapshot
    private var timer: MainLoopSource?
    private var connections: [SignalConnection] = []
    /// The GTK thread's load between two readings (this overlay lives on it).
    private var gtkThread = ThreadLoad()

    /// `read` takes a snapshot of the feed's numbers; called on the GTK thread.
    init(read: @escaping @MainActor () -> DiagnosticsSnapshot) {
        self.read = read
        root = GObjectRef(retaining: gtk_label_new(nil))!
        Widget.addClasses(widget, "flick-diagnostics")
        gtk_label_set_xalign(gopaque(widget), 0)
        // A narrow window wraps long lines rather than hiding their ends.
        gtk_label_set_wrap(gopaque(widget), 1)
        gtk_label_set_wrap_mode(gopaque(widget), PANGO_WRAP_WORD_CHAR)
        gtk_widget_set_can_target(widget, 0)
        gtk_widget_set_can_focus(widget, 0)
        connections += [
            Signals.connect(widget, "map") { [weak self] in self?.start() },
            Signals.connect(widget, "unmap") { [weak self] in self?.stop() },
        ].compactMap { $0 }
        refresh() // the first numbers are there before the first frame
    }

    /// Whether the refresh timer runs (only while mapped).
    var isRefreshing: Bool { timer?.isActive ?? false }

    /// Reads the numbers now and shows them.
    func refresh() {
        var snapshot = read()
        snapshot.gtkThreadBusy = gtkThread.share()
        let fresh = DiagnosticsText.lines(snapshot)
        guard fresh != lines else { return }
        lines = fresh
        gtk_label_set_text(gopaque(widget), fresh.joined(separator: "\n"))
        onChange?()
    }

    private func start() {
        guard timer == nil else { return }
        refresh()
        timer = MainLoopSource.timeout(milliseconds: Self.refreshMilliseconds) { [weak self] in
            guard let self else { return false }
            self.refresh()
            return true
        }
    }

    /// Stops reading (unmapped, or about to be dropped; the timer holds the
    /// overlay weakly and would also end by itself once it is gone).
    func stop() {
        timer?.cancel()
        timer = nil
    }
}
