import Foundation
import Testing

extension AppUnderX {
    /// What a page shows over its media and what its buttons do, in the real app.
    @Suite("Page overlays")
    struct OverlayUITests {
        @Test("Ctrl+C copies a folder's post's file:// address to the clipboard and says so in a toast")
        func copyLink() throws {
            let folder = try Fixtures.pictureFolder(count: 2)
            defer { try? FileManager.default.removeItem(at: folder) }
            let app = try AppProcess([folder.path, "--report-state"])
            let ready = try #require(app.waitForState { $0.phase == "feed" && $0.currentReady == true },
                                     "stderr: \(app.stderr)")
            let window = try app.focusedWindow()
            let seen = app.states.count
            try X11.key("ctrl+c", window: window)
            let toasted = app.waitForState(after: seen) { $0.toastsShown == (ready.toastsShown ?? 0) + 1 }
            #expect(toasted?.lastToast == "Address of the file copied", "a toast says what was copied")
            // The app owns the clipboard: read it as another X client would.
            let uri = try #require(ready.currentURI)
            let copied = X11.clipboard(becoming: uri)
            #expect(copied == uri, "the clipboard holds the post's address")

            // A file of this computer is not saved again: Ctrl+S says so.
            let before = app.states.count
            try X11.key("ctrl+s", window: window)
            let refused = app.waitForState(after: before) { $0.saveError != nil }
            #expect(refused?.lastToast == "Could not save: This post is a file on this computer already",
                    "\(String(describing: app.latest))")
            #expect(refused?.savesDone == 0)
        }
    }
}
