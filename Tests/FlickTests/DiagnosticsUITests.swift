import Foundation
import Testing

extension AppUnderX {
    /// The diagnostics overlay in the real app: Ctrl+Shift+D and the
    /// `show-diagnostics` key move together, and it shows live numbers.
    @Suite("The diagnostics overlay")
    struct DiagnosticsUITests {
        @Test("Ctrl+Shift+D shows live numbers and saves the key; gsettings shows and hides it")
        func toggles() throws {
            // Settings in a key file that the gsettings tool and the app share.
            let app = try AppProcess(["--report-state"], environment: ["GSETTINGS_BACKEND": "keyfile"])
            let playing = app.waitForState(timeout: 300) { $0.phase == "feed" && $0.playersPlaying == 1 }
            try #require(playing != nil, "the first video never played; stderr: \(app.stderr)")
            // This machine has no video hardware: under `auto` the demo's H.264 plays in software.
            let decoded = app.waitForState { $0.decoder != nil }
            #expect(decoded?.decoder == "avdec_h264", "the current player's decoder: \(String(describing: decoded))")
            #expect(playing?.diagnostics == nil, "hidden by default")
            let window = try app.focusedWindow()

            var seen = app.states.count
            try X11.key("ctrl+shift+d", window: window)
            let shown = app.waitForState(after: seen) { state in
                // The overlay reads the same pool the report does (it lags by at most one refresh).
                state.diagnostics?.first == "Players   \(state.playersAlive ?? -1) alive · \(state.playersPrepared ?? -1) prepared"
            }
            let lines = try #require(shown?.diagnostics, "Ctrl+Shift+D shows the overlay: \(String(describing: app.latest))")
            let labels = lines.map { String($0.prefix(while: { $0 != " " })) }
            #expect(labels == ["Players", "Surfaces", "TTFF", "Rebuffers", "Network", "Cache", "Memory", "Limits", "GTK", "Decoder"])
            #expect(lines[1] == "Surfaces  \(shown?.mountedPages ?? -1) mounted")
            #expect(lines[2].contains("p50") && lines[2].contains("p90"), "the first post's TTFF is counted: \(lines[2])")
            #expect(lines[4].contains("active") && lines[4].contains("wasted"), "the demo plays through the media cache: \(lines[4])")
            #expect(lines[6].hasSuffix("MB resident"), "memory is read from /proc: \(lines[6])")
            #expect(lines[9] == "Decoder   avdec_h264 (software)", "\(lines)")
            #expect(try GSettingsTool.get("show-diagnostics", app: app) == "true", "the key follows the keys")

            // Live: the memory line moves as the video plays and the next post is fetched.
            seen = app.states.count
            #expect(app.waitForState(after: seen) { $0.diagnostics != nil && $0.diagnostics != lines } != nil,
                    "the numbers refresh while shown")
            // From the second reading on, the GTK thread's share since the previous one.
            let busy = app.waitForState(after: seen) { $0.diagnostics?.first(where: { $0.hasPrefix("GTK") })?.hasSuffix("% busy") == true }
            #expect(busy != nil, "the GTK thread's load shows: \(String(describing: app.latest?.diagnostics))")

            // The constraints are those the preload plan follows: data saver
            // plans like a metered link.
            seen = app.states.count
            #expect(try GSettingsTool.set("data-saver", "true", app: app))
            let saving = app.waitForState(after: seen) { $0.diagnostics?.first(where: { $0.hasPrefix("Limits") })?.contains("data saver") == true }
            #expect(saving != nil, "the data saver shows among the limits: \(String(describing: app.latest?.diagnostics))")

            seen = app.states.count
            #expect(try GSettingsTool.set("show-diagnostics", "false", app: app))
            #expect(app.waitForState(after: seen) { $0.diagnostics == nil } != nil, "gsettings hides it")

            seen = app.states.count
            #expect(try GSettingsTool.set("show-diagnostics", "true", app: app))
            #expect(app.waitForState(after: seen) { $0.diagnostics != nil } != nil, "gsettings shows it")
            seen = app.states.count
            try X11.key("ctrl+shift+d", window: window)
            #expect(app.waitForState(after: seen) { $0.diagnostics == nil } != nil, "Ctrl+Shift+D hides it")
            #expect(try GSettingsTool.get("show-diagnostics", app: app) == "false")
        }
    }
}
