import CGLib
import CGtk
import FeedCore
import FeedGObject
import FeedUI
import Foundation

/// Whether anyone can see the window, for the feed's plan (FeedCore's
/// ``WindowVisibility``): the toplevel's minimised state (GDK's
/// `GDK_TOPLEVEL_STATE_MINIMIZED`, which on X11 follows
/// `_NET_WM_STATE_HIDDEN`), the screen lock (`org.gnome.ScreenSaver`'s
/// `ActiveChanged` on the session bus, where there is one), the
/// `pause-when-hidden` setting, and how long the window has been hidden
/// (the players go after ``WindowVisibility/restAfterSeconds``). Owned by
/// the ``FlickWindow``; GTK thread only.
@MainActor
final class WindowRest {
    /// What the plan should follow now.
    private(set) var visibility = WindowVisibility.visible
    /// Whether the window is on screen and the screen unlocked (`window_visible`).
    var windowVisible: Bool { !minimized && !locked }
    /// Told when ``visibility`` or ``windowVisible`` changes.
    var onChange: (() -> Void)?
    /// Whether the current video plays with its sound on (asked when the window hides).
    var soundOn: (() -> Bool)?

    private var minimized = false
    private var locked = false
    private var hiddenSince: Date?
    private var restTimer: MainLoopSource?
    private var pauseWhenHidden: () -> Bool
    private var connections: [SignalConnection] = []
    // `nonisolated(unsafe)`: set once on the GTK thread; read again only by deinit, when nothing else can.
    nonisolated(unsafe) private var screenSaver: (bus: OpaquePointer, subscription: guint)?

    /// `pauseWhenHidden` reads the setting when the window hides.
    init(pauseWhenHidden: @escaping () -> Bool) {
        self.pauseWhenHidden = pauseWhenHidden
    }

    deinit {
        if let screenSaver {
            g_dbus_connection_signal_unsubscribe(screenSaver.bus, screenSaver.subscription)
            g_object_unref(UnsafeMutableRawPointer(screenSaver.bus))
        }
    }

    /// How long a hidden window keeps its players, in seconds:
    /// `$FLICK_REST_AFTER_SECONDS` (tests), else FeedCore's 30.
    static var restAfterSeconds: Double {
        ProcessInfo.processInfo.environment["FLICK_REST_AFTER_SECONDS"].flatMap(Double.init)
            .map { min(max($0, 0.1), WindowVisibility.restAfterSeconds) } ?? WindowVisibility.restAfterSeconds
    }

    /// Follows `window`'s surface once it exists, and the screen lock.
    func follow(window: WidgetPointer) {
        if let connection = Signals.connect(window, "realize", { [weak self] in
            guard let self, let native = gtk_widget_get_native(window), let surface = gtk_native_get_surface(native) else { return }
            if let state = Signals.connect(surface, "notify::state", { [weak self] (_: UnsafeMutableRawPointer?) in
                let state = gdk_toplevel_get_state(surface)
                self?.set(minimized: state.rawValue & GDK_TOPLEVEL_STATE_MINIMIZED.rawValue != 0)
            }) {
                self.connections.append(state)
            }
        }) {
            connections.append(connection)
        }
        watchScreenLock()
    }

    /// Subscribes to GNOME's screen lock; without a session bus or a
    /// screensaver service nothing is heard, and only minimising rests.
    private func watchScreenLock() {
        // Asked without waiting: where no session bus runs, GLib may try to
        // start one, which must not hold the GTK thread.
        g_bus_get(G_BUS_TYPE_SESSION, nil, AsyncReady.callback, AsyncReady.userData { [weak self] result in
            guard let bus = g_bus_get_finish(result, nil) else { return }
            guard let self else {
                g_object_unref(UnsafeMutableRawPointer(bus))
                return
            }
            self.subscribe(on: bus)
        })
    }

    /// Subscribes to ActiveChanged on `bus` (owned from here on).
    private func subscribe(on bus: OpaquePointer) {
        typealias Thunk = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
                                          UnsafePointer<CChar>?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void
        let thunk: Thunk = { _, _, _, _, _, parameters, data in
            guard let data, let parameters, g_variant_n_children(parameters) == 1,
                  let child = g_variant_get_child_value(parameters, 0) else { return }
            defer { g_variant_unref(child) }
            // ActiveChanged(b): anything else on that name is not a lock.
            guard String(cString: g_variant_get_type_string(child)) == "b" else { return }
            let active = g_variant_get_boolean(child) != 0
            let box = ClosureBox<@MainActor (Bool) -> Void>.from(data)
            MainActor.assumeIsolated { box.value(active) }
        }
        let handler: @MainActor (Bool) -> Void = { [weak self] active in self?.set(locked: active) }
        let subscription = g_dbus_connection_signal_subscribe(
            bus, nil, "org.gnome.ScreenSaver", "ActiveChanged", "/org/gnome/ScreenSaver", nil,
            G_DBUS_SIGNAL_FLAGS_NONE, unsafeBitCast(thunk, to: GDBusSignalCallback.self),
            ClosureBox(handler).retainedPointer(), releaseBoxDestroyNotify)
        screenSaver = (bus, subscription)
    }

    private func set(minimized: Bool) {
        guard minimized != self.minimized else { return }
        self.minimized = minimized
        update()
    }

    private func set(locked: Bool) {
        guard locked != self.locked else { return }
        self.locked = locked
        update()
    }

    /// Decides again; a hidden window starts the clock to its rest.
    private func update() {
        if windowVisible {
            hiddenSince = nil
            restTimer?.cancel()
            restTimer = nil
        } else if hiddenSince == nil {
            hiddenSince = Date()
            restTimer = MainLoopSource.after(milliseconds: UInt32(Self.restAfterSeconds * 1000)) { [weak self] in
                self?.restTimer = nil
                self?.decide()
            }
        }
        decide()
    }

    private func decide() {
        // Hidden for the whole rest time once the timer has run (the
        // tests' clock is shorter than FeedCore's 30 s).
        let rested = hiddenSince != nil && restTimer == nil
        let next = WindowVisibility.decide(minimized: minimized, locked: locked, pauseWhenHidden: pauseWhenHidden(),
                                           soundOn: soundOn?() ?? false,
                                           hiddenSeconds: rested ? WindowVisibility.restAfterSeconds : 0)
        visibility = next
        onChange?()
    }
}
