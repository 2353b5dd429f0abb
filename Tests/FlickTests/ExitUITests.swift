import Foundation
import Testing

extension AppUnderX {
    @Suite("Quitting")
    struct ExitUITests {
        @Test("SIGTERM quits as closing the window does: exit 0, the exit work never holding the GTK thread")
        func quitsWithoutWaiting() throws {
            let app = try AppProcess(["--report-state"], environment: ["FLICK_DEBUG_STALLS": "50"])
            defer { app.stop() }
            let playing = app.waitForState(timeout: 300) { $0.phase == "feed" && $0.playersPlaying == 1 }
            try #require(playing != nil, "the demo never played: \(app.stderr)")
            app.stop() // SIGTERM; SIGKILL only if the app is not gone within 5 s
            #expect(app.waitForExit() == 0, "\(app.stderr)")
            // A stall line names its labelled work with its time: "…: app exit 3 ms, …".
            let exitStalls = app.stderr.split(separator: "\n").filter { $0.contains("stall:") }.compactMap { line -> Int? in
                guard let range = line.range(of: #"app exit (\d+) ms"#, options: .regularExpression) else { return nil }
                return Int(line[range].split(separator: " ")[2])
            }
            #expect(exitStalls.allSatisfy { $0 < 50 }, "the exit held the GTK thread: \(exitStalls) ms")
        }
    }
}
