import CGLib
import CGtk
import FeedGObject
import FeedMedia

/// Runs a closure once, after the next frame of a widget's window has been
/// painted: "shown" means drawn, not merely handed to GTK. GTK thread only.
@MainActor
enum AfterPaint {
    /// Calls `body` after the next paint of `widget`'s frame clock; a widget
    /// not in a window yet (a new view given a frame it already had) waits
    /// for its first paint once it is mapped.
    static func once(_ widget: WidgetPointer, _ body: @escaping @MainActor () -> Void) {
        final class Holder { var connection: SignalConnection? }
        let holder = Holder()
        guard let clock = gtk_widget_get_frame_clock(widget) else {
            holder.connection = Signals.connect(widget, "map") {
                holder.connection?.disconnect()
                holder.connection = nil
                once(widget, body)
            }
            return
        }
        holder.connection = Signals.connect(clock, "after-paint") {
            holder.connection?.disconnect()
            holder.connection = nil
            body()
        }
        gtk_widget_queue_draw(widget)
    }
}
