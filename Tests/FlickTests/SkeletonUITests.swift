import Foundation
import Testing

extension AppUnderX {
    /// What a slow feed looks like: skeletons, never blank pages.
    @Suite("Skeletons while the feed loads")
    struct SkeletonUITests {
        @Test("a 3 s page delay shows shimmering skeletons that fill in place with the right items")
        func slowFirstPage() throws {
            let app = try AppProcess(["--page-delay", "3000", "--report-state"])
            let waiting = app.waitForState(timeout: 300) { $0.phase == "feed" && ($0.skeletonPages ?? 0) > 0 }
            #expect(waiting?.itemCount == 0, "skeletons before the first page: \(String(describing: waiting))")
            #expect(waiting?.currentID == nil)
            let window = try app.focusedWindow()
            let shot = app.home.appendingPathComponent("skeleton.png")
            var colours = 0
            let deadline = Date().addingTimeInterval(2)
            repeat {
                try X11.run(["import", "-window", window, shot.path])
                colours = Int(try X11.run(["identify", "-format", "%k", shot.path])
                    .trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
            } while colours <= 4 && Date() < deadline
            #expect(colours > 4, "the skeleton shows shapes, not a blank page (\(colours) colours)")

            let filled = app.waitForState(timeout: 20) { $0.itemCount >= 20 && $0.currentID != nil }
            #expect(filled?.currentIndex == 0, "filled in place: the view stayed on the first page")
            #expect(filled?.currentID == "item-1", "the right item took the skeleton's place")
            #expect(app.states.filter { $0.phase == "feed" }.allSatisfy { $0.mountedPages <= 5 })
        }
    }
}

extension AppUnderX.SkeletonUITests {
    @Test("paging quickly through 200 posts of the demo feed never lands on an empty page")
    func twoHundredPosts() throws {
        let app = try AppProcess(["--report-state"])
        #expect(app.waitForState(timeout: 300) { $0.phase == "feed" && $0.itemCount > 0 } != nil)
        let window = try app.focusedWindow()
        let seen = app.states.count
        try X11.run(["xdotool", "key", "--delay", "40"] + Array(repeating: "Down", count: 200))
        let arrived = app.waitForState(after: seen, timeout: 60) { $0.currentIndex == 200 && $0.settled == true }
        #expect(arrived != nil, "\(String(describing: app.latest))")
        let lines = app.states.dropFirst(seen)
        // Every page is a post or a skeleton standing for one: never nothing.
        #expect(lines.allSatisfy { $0.mountedPages > 0 && ($0.currentID != nil || ($0.skeletonPages ?? 0) > 0) })
        #expect((arrived?.itemCount ?? 0) >= 201, "pages kept loading ahead of the swipe")
        #expect(lines.allSatisfy { $0.mountedPages <= 5 && ($0.playersAlive ?? 0) <= 3 })
        _ = window
    }
}
