import CGLib
import Foundation

/// The test's own turns of the GTK main loop (the window lives in the test
/// process). GTK thread only.
@MainActor
enum MainLoop {
    /// Runs the main loop until `condition` holds or `seconds` pass; whether it held.
    @discardableResult
    static func run(_ seconds: Double, until condition: () -> Bool = { false }) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            while g_main_context_iteration(nil, 0) != 0 {}
            if condition() { return true }
            usleep(2_000)
        }
        return condition()
    }
}
