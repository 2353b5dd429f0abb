import Foundation
import Testing
@testable import Flick

extension AppUnderX {
    /// The main menu's Stress entries run the benchmark's schedules by
    /// hand; the submenu is the development profile's (or asked for with
    /// `FLICK_STRESS_MENU=1`, as here), never a user's.
    @Suite("The Stress menu")
    struct StressMenuUITests {
        @Test("the main menu has a Stress submenu only when asked for: users never see it")
        func onlyForDevelopers() {
            let user = WindowAction.mainMenu(stress: false)
            #expect(user.stress.isEmpty)
            #expect(!user.sections.joined().contains { $0.stressMode != nil })
            let developer = WindowAction.mainMenu(stress: true)
            #expect(developer.stress.map(\.stressMode) == [.slow, .fast, .burst, .remount])
            #expect(developer.sections == user.sections)
            #expect(!AppInfo.showsStressMenu, "the test build is the default profile")
        }

        @Test("Stress ▸ Fast from the keyboard pages the showing feed by itself")
        func fastFromTheMenu() throws {
            let folder = try Fixtures.pictureFolder(count: 12)
            defer { try? FileManager.default.removeItem(at: folder) }
            let app = try AppProcess([folder.path, "--report-state"], environment: ["FLICK_STRESS_MENU": "1"])
            #expect(app.waitForState { $0.phase == "feed" && $0.currentReady == true } != nil)
            let window = try app.focusedWindow()
            let seen = app.states.count
            // F10 opens the main menu; the mnemonics pick _Stress, then _Fast.
            for key in ["F10", "s", "f"] { try X11.key(key, window: window) }
            let paged = app.waitForState(after: seen, timeout: 15) { $0.currentIndex >= 3 }
            #expect(paged != nil, "the feed pages every 350 ms by itself: \(String(describing: app.latest))")
            #expect(app.states.dropFirst(seen).allSatisfy { $0.mountedPages <= 5 })
        }
    }
}
