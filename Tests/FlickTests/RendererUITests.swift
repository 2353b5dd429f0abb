import Foundation
import Testing

extension AppUnderX {
    /// Which of GTK's renderers draws the window. The test display's OpenGL
    /// is Mesa's llvmpipe (Xvfb gives no GPU), so Flick asks for cairo
    /// there, unless GSK_RENDERER names a renderer.
    @Suite("The window's renderer")
    struct RendererUITests {
        @Test("on a software OpenGL the window draws with cairo; a renderer named in GSK_RENDERER wins",
              arguments: [nil, "gl", "cairo"] as [String?])
        func rendererFollowsTheMachine(userRenderer: String?) throws {
            let folder = try Fixtures.pictureFolder(count: 2, size: (300, 400))
            defer { try? FileManager.default.removeItem(at: folder) }
            // An empty GSK_RENDERER counts as not set (the test process may have one).
            let app = try AppProcess([folder.path, "--report-state"], environment: ["GSK_RENDERER": userRenderer ?? ""])
            let shown = app.waitForState { $0.phase == "feed" && $0.currentReady == true && $0.renderer != nil }
            try #require(shown != nil, "the feed showed with its renderer reported: \(String(describing: app.latest)); \(app.stderr)")
            #expect(shown?.renderer == (userRenderer ?? "cairo"), "renderer \(String(describing: shown?.renderer))")
            #expect(!app.stderr.contains("Unrecognized renderer"), "GTK took the renderer asked for: \(app.stderr)")
        }
    }
}
