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

        /// Whether the process `pid` has OpenGL's driver loaded (Mesa's
        /// DRI driver or LLVM, which GDK's EGL display pulls in).
        static func loadedOpenGL(_ pid: Int32) -> Bool {
            let maps = (try? String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8)) ?? ""
            return maps.contains("libLLVM") || maps.contains("_dri.so")
        }

        @Test("a first launch draws with cairo without loading OpenGL; a probe of its own keeps the renderer, and the next launch uses it")
        func firstLaunchProbesForTheNext() throws {
            let folder = try Fixtures.pictureFolder(count: 2, size: (300, 400))
            defer { try? FileManager.default.removeItem(at: folder) }
            let cacheHome = FileManager.default.temporaryDirectory.appendingPathComponent("flick-first-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: cacheHome) }
            let kept = cacheHome.appendingPathComponent("io.github.flick.Flick/gl-renderer")
            let environment = ["XDG_CACHE_HOME": cacheHome.path, "GSK_RENDERER": ""]

            let first = try AppProcess([folder.path, "--report-state"], environment: environment)
            let shown = first.waitForState { $0.phase == "feed" && $0.currentReady == true && $0.renderer != nil }
            try #require(shown != nil, "\(String(describing: first.latest)); \(first.stderr)")
            #expect(shown?.renderer == "cairo")
            #expect(!Self.loadedOpenGL(first.process.processIdentifier), "the first launch opened no OpenGL")
            #expect(!FileManager.default.fileExists(atPath: kept.path), "nothing was probed before the first frame")
            let deadline = Date().addingTimeInterval(30)
            while !FileManager.default.fileExists(atPath: kept.path), Date() < deadline { usleep(100_000) }
            let text = (try? String(contentsOf: kept, encoding: .utf8)) ?? ""
            #expect(text.split(separator: "\n").count == 2 && text.contains("llvmpipe"), "the probe kept the renderer: \(text)")
            #expect(!Self.loadedOpenGL(first.process.processIdentifier), "the probe ran in a process of its own")
            first.stop()

            let next = try AppProcess([folder.path, "--report-state"], environment: environment)
            let again = next.waitForState { $0.phase == "feed" && $0.currentReady == true && $0.renderer != nil }
            #expect(again?.renderer == "cairo", "\(String(describing: next.latest)); \(next.stderr)")
            #expect(!Self.loadedOpenGL(next.process.processIdentifier), "the kept software renderer needs no OpenGL either")
            #expect((try? String(contentsOf: kept, encoding: .utf8)) == text, "nothing was probed again")
        }
    }
}
