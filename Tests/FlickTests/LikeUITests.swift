import Foundation
import Testing

extension AppUnderX {
    /// Optimistic likes on the demo feed, whose server fails every 10th like.
    @Suite("Liking posts")
    struct LikeUITests {
        @Test("likes flip at once and stay; the server's failed 10th like reverts with a toast; rapid taps settle to the last")
        func likes() throws {
            let app = try AppProcess(["--report-state"])
            #expect(app.waitForState(timeout: 300) { $0.phase == "feed" && $0.itemCount > 0 && $0.currentLiked == false } != nil,
                    "stderr: \(app.stderr)")
            let window = try app.focusedWindow()
            for index in 0..<10 {
                if index > 0 {
                    let seen = app.states.count
                    try X11.key("Down", window: window)
                    #expect(app.waitForState(after: seen, timeout: 10) { $0.currentIndex == index && $0.settled == true } != nil)
                }
                let seen = app.states.count
                try X11.key("l", window: window)
                let liked = app.waitForState(after: seen, timeout: 5) { $0.currentIndex == index && $0.currentLiked == true }
                #expect(liked != nil, "post \(index) shows liked at once")
            }
            // The 10th request fails on the server: the heart goes back and a toast says so.
            let reverted = app.waitForState(timeout: 10) { $0.currentIndex == 9 && $0.currentLiked == false && $0.toastsShown == 1 }
            #expect(reverted != nil, "\(String(describing: app.latest))")
            // Earlier likes were kept: back on post 8 it is still liked.
            var seen = app.states.count
            try X11.key("Up", window: window)
            #expect(app.waitForState(after: seen, timeout: 10) { $0.currentIndex == 8 && $0.currentLiked == true } != nil)
            // Unlike, like, unlike, like in a row: once every request is
            // answered it settles on the last intent, liked.
            seen = app.states.count
            try X11.run(["xdotool", "key", "--delay", "0", "l", "l", "l", "l"])
            let settled = app.waitForState(after: seen, timeout: 10) {
                $0.currentIndex == 8 && $0.likesPending == false && $0.currentLiked == true
            }
            #expect(settled != nil, "\(app.states.dropFirst(seen).map { "\($0.currentLiked.map(String.init) ?? "-")/\($0.likesPending.map(String.init) ?? "-")" })")
            #expect(app.latest?.currentLiked == true)
            // The liked post on screen: its heart is the like colour (#ff4d6d), somewhere.
            let shot = app.home.appendingPathComponent("liked.png")
            try X11.run(["import", "-window", window, shot.path])
            let hearts = try X11.run(["convert", shot.path, "-fuzz", "12%", "-fill", "black", "+opaque", "#ff4d6d",
                                      "-fill", "white", "-opaque", "#ff4d6d", "-format", "%[fx:mean*w*h]", "info:"])
            #expect((Double(hearts.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 50,
                    "the liked heart shows in the screenshot (\(hearts) pixels)")
            #expect((app.latest?.toastsShown ?? 0) <= 2)
        }
    }
}
