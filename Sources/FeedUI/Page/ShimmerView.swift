import CGLib
import CGtk
import FeedGObject
import FeedMedia
import Foundation

/// A placeholder for media that has not arrived: soft shapes for the
/// picture, title and subtitle, with a highlight sweeping across them.
///
/// Drawn by our own cairo code on a GtkDrawingArea. The sweep runs from a
/// frame-clock tick, so it stops by itself while the page is off screen
/// (unmapped widgets get no ticks); with the system's animations turned off
/// the placeholder is static. GTK thread only.
@MainActor
final class ShimmerView {
    let widget: WidgetPointer
    /// Where the highlight is, 0...1 across the page.
    private var phase = 0.0
    private var tick: TickCallback?
    private var connections: [SignalConnection] = []
    /// One sweep across the page takes this long, in microseconds.
    static let sweepMicroseconds = 1_400_000

    init() {
        widget = gtk_drawing_area_new()!
        Widget.addClasses(widget, "flick-shimmer")
        gtk_widget_set_hexpand(widget, 1)
        gtk_widget_set_vexpand(widget, 1)
        gtk_widget_set_can_target(widget, 0)
        let context = Unmanaged.passRetained(WeakShimmer(self)).toOpaque()
        gtk_drawing_area_set_draw_func(gcast(widget), { _, cairo, width, height, data in
            guard let data, let cairo else { return }
            let weak = Unmanaged<WeakShimmer>.fromOpaque(data).takeUnretainedValue()
            MainActor.assumeIsolated { weak.view?.draw(cairo, width: Double(width), height: Double(height)) }
        }, context, { data in
            guard let data else { return }
            Unmanaged<WeakShimmer>.fromOpaque(data).release()
        })
        connections += [
            Signals.connect(widget, "map") { [weak self] in self?.startSweep() },
            Signals.connect(widget, "unmap") { [weak self] in self?.stopSweep() },
        ].compactMap { $0 }
    }

    /// Shows or hides the placeholder (hidden ones never animate).
    func setVisible(_ visible: Bool) {
        gtk_widget_set_visible(widget, visible ? 1 : 0)
    }

    var isVisible: Bool { gtk_widget_get_visible(widget) != 0 }

    /// Whether the highlight sweeps now (never with animations off).
    var isAnimating: Bool { tick?.isActive ?? false }
    /// Called when the sweep starts or stops.
    var onAnimatingChange: (() -> Void)?

    private func startSweep() {
        guard tick == nil, Widget.animationsEnabled else { return }
        tick = TickCallback(on: widget) { [weak self] now in
            guard let self else { return false }
            self.phase = Double(now % Self.sweepMicroseconds) / Double(Self.sweepMicroseconds)
            gtk_widget_queue_draw(self.widget)
            return true
        }
        onAnimatingChange?()
    }

    private func stopSweep() {
        guard tick != nil else { return }
        tick?.cancel()
        tick = nil
        onAnimatingChange?()
    }

    /// The placeholder shapes, then the highlight clipped to them.
    private func draw(_ cr: OpaquePointer, width: Double, height: Double) {
        cairo_set_source_rgb(cr, 0.09, 0.09, 0.10)
        cairo_paint(cr)
        let margin = 20.0
        let shapes: [(Double, Double, Double, Double)] = [
            (margin, margin, width - 2 * margin, height * 0.62),            // the media
            (margin, height - 112, min(width * 0.62, width - 2 * margin), 22), // the title
            (margin, height - 78, min(width * 0.42, width - 2 * margin), 16),  // the subtitle
        ]
        for (x, y, w, h) in shapes where w > 0 && h > 0 {
            roundedRectangle(cr, x: x, y: y, width: w, height: h, radius: min(12, h / 2))
        }
        cairo_set_source_rgb(cr, 0.16, 0.16, 0.18)
        cairo_fill_preserve(cr)
        // The sweep: a soft diagonal band moving left to right.
        let band = width * 0.5
        let start = -band + (width + 2 * band) * phase
        if let gradient = cairo_pattern_create_linear(start, 0, start + band, height * 0.3) {
            cairo_pattern_add_color_stop_rgba(gradient, 0, 1, 1, 1, 0)
            cairo_pattern_add_color_stop_rgba(gradient, 0.5, 1, 1, 1, 0.08)
            cairo_pattern_add_color_stop_rgba(gradient, 1, 1, 1, 1, 0)
            cairo_set_source(cr, gradient)
            cairo_fill(cr)
            cairo_pattern_destroy(gradient)
        } else {
            cairo_new_path(cr)
        }
    }

    private func roundedRectangle(_ cr: OpaquePointer, x: Double, y: Double, width: Double, height: Double, radius: Double) {
        cairo_new_sub_path(cr)
        cairo_arc(cr, x + width - radius, y + radius, radius, -Double.pi / 2, 0)
        cairo_arc(cr, x + width - radius, y + height - radius, radius, 0, Double.pi / 2)
        cairo_arc(cr, x + radius, y + height - radius, radius, Double.pi / 2, Double.pi)
        cairo_arc(cr, x + radius, y + radius, radius, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
    }
}

/// Lets the draw function reach the view without keeping it alive.
private final class WeakShimmer {
    weak var view: ShimmerView?
    @MainActor init(_ view: ShimmerView) { self.view = view }
}
