import CGLib
import Foundation

/// Runs the GLib main context and the main actor's queue until `condition`
/// holds or `seconds` pass; returns whether it held. Never a fixed sleep:
/// it returns as soon as the condition is true. For tests whose work
/// answers on the main loop (libsoup, GStreamer's bus, the app's hops).
@MainActor
@discardableResult
public func pumpUntil(_ seconds: Double = 10, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while true {
        var dispatched = 0
        while dispatched < 64, g_main_context_iteration(nil, 0) != 0 { dispatched += 1 }
        if condition() { return true }
        if Date() > deadline { return false }
        try? await Task.sleep(for: .milliseconds(4))
    }
}

/// The test's own turns of the GTK main loop, for tests that cannot
/// suspend (a window in the test process). GTK thread only.
@MainActor
public enum MainLoop {
    /// Runs the main loop until `condition` holds or `seconds` pass; whether it held.
    @discardableResult
    public static func run(_ seconds: Double, until condition: () -> Bool = { false }) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            while g_main_context_iteration(nil, 0) != 0 {}
            if condition() { return true }
            usleep(2_000)
        }
        return condition()
    }
}
