import CGLib
import CGtk
import FeedMedia

/// A frame-clock tick on a widget (gtk_widget_add_tick_callback), with the
/// Swift closure released by GTK's destroy notify. GTK thread only.
@MainActor
final class TickCallback {
    private final class State {
        /// Called with the frame time in microseconds; returns false to stop.
        let body: @MainActor (Int) -> Bool
        var alive = true
        init(_ body: @escaping @MainActor (Int) -> Bool) { self.body = body }
    }

    private let widget: WidgetPointer
    private let state: State
    private let id: guint

    /// Starts calling `body` once per frame while the widget is mapped.
    init(on widget: WidgetPointer, _ body: @escaping @MainActor (_ frameTimeMicroseconds: Int) -> Bool) {
        self.widget = widget
        state = State(body)
        let data = Unmanaged.passRetained(state).toOpaque()
        id = gtk_widget_add_tick_callback(widget, { _, clock, data in
            guard let data else { return 0 }
            let state = Unmanaged<State>.fromOpaque(data).takeUnretainedValue()
            let time = gdk_frame_clock_get_frame_time(clock)
            return MainActor.assumeIsolated {
                guard state.alive else { return 0 }
                let more = state.body(time)
                if !more { state.alive = false }
                return more ? 1 : 0
            }
        }, data, { data in
            guard let data else { return }
            let state = Unmanaged<State>.fromOpaque(data).takeRetainedValue()
            MainActor.assumeIsolated { state.alive = false }
        })
    }

    /// Whether the callback will run again.
    var isActive: Bool { state.alive }

    /// Stops the callback. Idempotent; the widget must still be alive.
    func cancel() {
        guard state.alive else { return }
        state.alive = false
        gtk_widget_remove_tick_callback(widget, id)
    }
}
