import CGLib
import CGtk
import FeedCore
import FeedGObject
import FeedMedia
import Foundation

/// The seek bar along the bottom of a video page: a thin line of progress
/// that grows, with a knob and the time, while the pointer is over it or
/// holds it; dragging it scrubs.
///
/// Drawn by our own cairo code on one GtkDrawingArea of a fixed height, so
/// progress only redraws this widget: nothing is laid out again and the
/// page around it is not re-rendered (the time is drawn, not a label).
/// Progress comes from the frames the page shows (their times), so a
/// paused video costs nothing. GTK thread only; owned by its `FeedPage`.
@MainActor
final class Scrubber {
    /// Height of the widget in logical pixels: the strip that takes the pointer.
    static let height: Int32 = 40
    /// Thickness of the bar at rest and while hovered or held, in logical pixels.
    static let thinBar = 3.0
    static let thickBar = 6.0
    /// Radius of the knob shown while hovered or held, in logical pixels.
    static let knobRadius = 7.0

    let widget: WidgetPointer
    /// Start time in seconds of the frame the page shows (nil before the first).
    private(set) var position: Double?
    /// Whether the pointer is over the bar.
    private(set) var hovering = false
    /// The drag while the bar is held (scrubbing).
    private var drag: ScrubDrag?
    /// Whether the bar is held.
    var scrubbing: Bool { drag != nil }
    /// Times the bar has been drawn, for tests that check progress redraws
    /// nothing but the bar.
    private(set) var draws = 0

    /// What the bar asks of the feed and tells it.
    var actions = ScrubberActions()

    /// The duration once known for the current binding.
    private var knownDuration: Double?
    private var isVideo = false
    private var shown = false
    /// The post's shown time under `when-finished` = next (a photo, a
    /// GIF-like clip): the bar fills as it runs out and cannot be held.
    /// Its start (monotonic µs), its length (s), and the frame tick that
    /// redraws it while it shows.
    private var countdown: (startedAt: Int, seconds: Int, tick: TickCallback?)?
    /// What the last draw showed: the progress in pixels and the time text.
    private var drawn: (fill: Int, text: String?) = (-1, nil)
    private var connections: [SignalConnection] = []

    init() {
        widget = gtk_drawing_area_new()!
        Widget.addClasses(widget, "flick-scrubber", "paging")
        gtk_widget_set_valign(widget, GTK_ALIGN_END)
        gtk_widget_set_hexpand(widget, 1)
        gtk_widget_set_size_request(widget, -1, Self.height)
        gtk_widget_set_can_focus(widget, 0) // the keys seek: Left/Right, Shift+Left/Right
        gtk_widget_set_can_target(widget, 0)
        gtk_widget_set_visible(widget, 0)
        Widget.setAccessibleLabel(widget, tr("Seek bar (Left and Right keys seek)"))
        let context = Unmanaged.passRetained(WeakScrubber(self)).toOpaque()
        gtk_drawing_area_set_draw_func(gcast(widget), { _, cairo, width, height, data in
            guard let data, let cairo else { return }
            let weak = Unmanaged<WeakScrubber>.fromOpaque(data).takeUnretainedValue()
            MainActor.assumeIsolated { weak.view?.draw(cairo, width: Double(width), height: Double(height)) }
        }, context, { data in
            guard let data else { return }
            Unmanaged<WeakScrubber>.fromOpaque(data).release()
        })
        installInput()
    }

    // MARK: Binding and showing

    /// A new binding of the page: a video (whose duration the feed may
    /// know) or anything else, which has no bar.
    func bind(isVideo: Bool, duration: Double?) {
        self.isVideo = isVideo
        knownDuration = duration.flatMap { $0 > 0 ? $0 : nil }
        position = nil
        countdown?.tick?.cancel()
        countdown = nil
        if scrubbing { drag = nil; actions.scrubbingChanged?() }
        applyShown()
        gtk_widget_queue_draw(widget)
    }

    /// Shows the bar (the page rests as the current one) or hides it (it is
    /// paging, or not current). Appearing fades in through the stylesheet;
    /// with animations off it simply appears.
    func setShown(_ shown: Bool) {
        guard shown != self.shown else { return }
        self.shown = shown
        applyShown()
    }

    var isShown: Bool { shown && (isVideo || countdown != nil) }

    /// Whether the bar can be held to seek: a video's, not a countdown.
    private var isSeekable: Bool { isShown && countdown == nil }

    private func applyShown() {
        gtk_widget_set_visible(widget, isVideo || countdown != nil ? 1 : 0)
        if isShown {
            gtk_widget_remove_css_class(widget, "paging")
        } else {
            gtk_widget_add_css_class(widget, "paging")
            hovering = false
        }
        gtk_widget_set_can_target(widget, isSeekable ? 1 : 0)
        runTick()
    }

    /// Shows the post's shown time running out (`time`), or stops showing it (nil).
    func showCountdown(_ time: (startedAt: Int, seconds: Int)?) {
        if let time, let countdown, countdown.startedAt == time.startedAt, countdown.seconds == time.seconds { return }
        guard time != nil || countdown != nil else { return }
        countdown?.tick?.cancel()
        countdown = time.map { ($0.startedAt, $0.seconds, nil) }
        if scrubbing, countdown != nil { drag = nil; actions.scrubbingChanged?() }
        applyShown()
        gtk_widget_queue_draw(widget)
    }

    /// Whether a countdown runs on the bar (`--report-state`'s `post_timer`).
    var showsCountdown: Bool { countdown != nil }

    /// A shown countdown redraws on the frame clock while it runs.
    private func runTick() {
        guard let countdown else { return }
        if isShown, countdown.tick?.isActive != true {
            self.countdown?.tick = TickCallback(on: widget) { [weak self] _ in
                guard let self, self.countdown != nil, self.isShown else { return false }
                self.redrawIfChanged()
                return true
            }
        } else if !isShown {
            countdown.tick?.cancel()
            self.countdown?.tick = nil
        }
    }

    /// The page shows a frame starting at `seconds`: redraw when the bar
    /// (or the time, while expanded) would look different.
    func show(position seconds: Double?) {
        let old = position
        position = seconds
        if old != seconds { actions.positionChanged?(old, seconds) }
        guard !scrubbing, isShown, countdown == nil else { return }
        redrawIfChanged()
    }

    /// The video's duration in seconds, once known.
    var duration: Double? {
        if let knownDuration { return knownDuration }
        knownDuration = actions.duration?().flatMap { $0 > 0 ? $0 : nil }
        return knownDuration
    }

    /// What the bar shows: where the drag is while scrubbing, else the frame's time.
    private var shownSeconds: Double? { drag?.seconds ?? position }

    private var expanded: Bool { hovering || scrubbing }

    private func fillPixels(width: Double) -> Int {
        if let countdown {
            let elapsed = Double(g_get_monotonic_time() - countdown.startedAt) / 1e6
            return Int(saturatingRounded: min(max(elapsed / Double(max(countdown.seconds, 1)), 0), 1) * (width - 2 * Self.inset))
        }
        guard let duration, let seconds = shownSeconds else { return 0 }
        return Int(saturatingRounded: min(max(seconds / duration, 0), 1) * (width - 2 * Self.inset))
    }

    private var timeText: String? {
        guard expanded, countdown == nil, let duration else { return nil }
        return "\(Self.clock(shownSeconds ?? 0)) / \(Self.clock(duration))"
    }

    private func redrawIfChanged() {
        let width = Double(gtk_widget_get_width(widget))
        guard fillPixels(width: width) != drawn.fill || timeText != drawn.text else { return }
        gtk_widget_queue_draw(widget)
    }

    /// "m:ss" of whole seconds.
    static func clock(_ seconds: Double) -> String {
        let total = max(0, Int(saturating: seconds))
        return String(format: "%d:%02d", total / 60, total % 60)
    }

    // MARK: Pointer

    private func installInput() {
        let motion = gtk_event_controller_motion_new()!
        connections += [
            Signals.connectDoubles(motion, "enter") { [weak self] _, _ in self?.setHovering(true) },
            Signals.connect(motion, "leave") { [weak self] in self?.setHovering(false) },
        ].compactMap { $0 }
        gtk_widget_add_controller(widget, motion)

        // Holding the bar claims the pointer, so the feed neither pages nor
        // toggles playback for a press that starts here.
        let drag = gtk_gesture_drag_new()!
        gtk_gesture_single_set_button(gopaque(drag), 1)
        connections += [
            Signals.connectDoubles(drag, "drag-begin") { [weak self] x, _ in self?.began(at: x, gesture: drag) },
            Signals.connectDoubles(drag, "drag-update") { [weak self] dx, _ in self?.moved(by: dx) },
            Signals.connectDoubles(drag, "drag-end") { [weak self] dx, _ in self?.ended(at: dx) },
        ].compactMap { $0 }
        gtk_widget_add_controller(widget, gopaque(drag))
    }

    private func setHovering(_ hovering: Bool) {
        guard hovering != self.hovering else { return }
        self.hovering = hovering && isSeekable
        gtk_widget_queue_draw(widget)
    }

    private func seconds(atX x: Double) -> Double? {
        guard let duration else { return nil }
        let width = Double(gtk_widget_get_width(widget)) - 2 * Self.inset
        guard width > 0 else { return nil }
        return min(max((x - Self.inset) / width, 0), 1) * duration
    }

    private func began(at x: Double, gesture: OpaquePointer) {
        guard isSeekable, let seconds = seconds(atX: x), let resume = actions.start?() else {
            gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_DENIED)
            return
        }
        gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_CLAIMED)
        drag = ScrubDrag(seconds: seconds, startX: x, resume: resume)
        actions.move?(seconds)
        gtk_widget_queue_draw(widget)
        actions.scrubbingChanged?()
    }

    private func moved(by dx: Double) {
        guard let startX = drag?.startX, let seconds = seconds(atX: startX + dx), seconds != drag?.seconds else { return }
        drag?.seconds = seconds
        actions.move?(seconds)
        redrawIfChanged()
    }

    private func ended(at dx: Double) {
        guard let ended = drag else { return }
        let target = seconds(atX: ended.startX + dx) ?? ended.seconds
        drag = nil
        // The bar stays where it was let go until the exact frame arrives.
        position = target
        actions.end?(target, ended.resume)
        gtk_widget_queue_draw(widget)
        actions.scrubbingChanged?()
    }

    // MARK: Drawing

    /// Space left and right of the bar, in logical pixels.
    private static let inset = 0.0

    private func draw(_ cr: OpaquePointer, width: Double, height: Double) {
        draws += 1
        let fill = fillPixels(width: width)
        let text = timeText
        drawn = (fill, text)
        let thickness = expanded ? Self.thickBar : Self.thinBar
        let barY = height - thickness - (expanded ? 8 : 0)
        cairo_set_source_rgba(cr, 1, 1, 1, 0.28)
        cairo_rectangle(cr, Self.inset, barY, width - 2 * Self.inset, thickness)
        cairo_fill(cr)
        cairo_set_source_rgba(cr, 1, 1, 1, 0.95)
        cairo_rectangle(cr, Self.inset, barY, Double(fill), thickness)
        cairo_fill(cr)
        guard expanded else { return }
        cairo_arc(cr, Self.inset + Double(fill), barY + thickness / 2, Self.knobRadius, 0, 2 * Double.pi)
        cairo_fill(cr)
        if let text, let layout = gtk_widget_create_pango_layout(widget, text) {
            defer { g_object_unref(layout.rawGObject) }
            var textWidth: Int32 = 0
            var textHeight: Int32 = 0
            pango_layout_get_pixel_size(layout, &textWidth, &textHeight)
            let x = 12.0
            let y = max(0, barY - Self.knobRadius - Double(textHeight) - 2)
            cairo_set_source_rgba(cr, 0, 0, 0, 0.6) // a shadow keeps it readable on light frames
            cairo_move_to(cr, x + 1, y + 1)
            pango_cairo_show_layout(cr, layout)
            cairo_set_source_rgba(cr, 1, 1, 1, 1)
            cairo_move_to(cr, x, y)
            pango_cairo_show_layout(cr, layout)
        }
    }
}

/// Lets the draw function reach the bar without keeping it alive.
private final class WeakScrubber {
    weak var view: Scrubber?
    @MainActor init(_ view: Scrubber) { self.view = view }
}
