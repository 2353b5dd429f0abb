import CGLib
import CGtk
import FeedMedia

/// Runs a closure once, after the next frame of a widget's window has been
/// painted: "shown" means drawn, not merely handed to GTK. GTK thread only.
@MainActor
enum AfterPaint {
    /// Calls `body` after the next paint of `widget`'s frame clock, or right
    /// away when the widget has none (not realized yet).
    static func once(_ widget: WidgetPointer, _ body: @escaping @MainActor () -> Void) {
        guard let clock = gtk_widget_get_frame_clock(widget) else {
            body()
            return
        }
        final class Holder { var connection: SignalConnection? }
        let holder = Holder()
        holder.connection = Signals.connect(clock, "after-paint") {
            holder.connection?.disconnect()
            holder.connection = nil
            body()
        }
        gtk_widget_queue_draw(widget)
    }
}
