import FeedCore
@testable import FeedMedia
import Foundation
import Testing

extension AppUnderX {
    /// The preferences' cache rows against a real cache folder the app has
    /// open (as it does by default), seeded with bytes before the app starts.
    @Suite("The cache in the preferences")
    struct PreferencesCacheUITests {
        /// A cache home of the test's own whose media cache holds `videos`
        /// (key name → bytes) and `images`.
        private func seededCache(videos: [String: Int], images: [String: Int]) throws -> URL {
            let home = FileManager.default.temporaryDirectory.appendingPathComponent("flick-prefs-cache-\(UUID().uuidString)")
            let store = try RangeStore(directory: Self.mediaFolder(home))
            defer { store.close() }
            for (name, bytes) in videos { try store.write(CacheKey(kind: .video, source: name), offset: 0, data: Data(count: bytes)) }
            for (name, bytes) in images { try store.write(CacheKey(kind: .image, source: name), offset: 0, data: Data(count: bytes)) }
            return home
        }

        private static func mediaFolder(_ home: URL) -> URL {
            home.appendingPathComponent("io.github.flick.Flick/media")
        }

        private static func dataFiles(_ home: URL) -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: mediaFolder(home).path)) ?? []).filter { $0.hasSuffix(".data") }
        }

        /// The data files once `count` are left, or as they are after 5 s:
        /// the store deletes files on its disk queue, after the usage it reports has dropped.
        private static func dataFiles(_ home: URL, reaching count: Int) -> [String] {
            let deadline = Date().addingTimeInterval(5)
            var files = dataFiles(home)
            while files.count != count, Date() < deadline {
                usleep(20_000)
                files = dataFiles(home)
            }
            return files
        }

        /// Opens a picture folder with the media cache under `home`, and the preferences.
        private func openPreferences(home: URL, environment: [String: String] = [:]) throws -> (AppProcess, String, URL) {
            let folder = try Fixtures.pictureFolder(count: 1)
            let app = try AppProcess([folder.path, "--report-state"],
                                     environment: environment.merging(["XDG_CACHE_HOME": home.path]) { a, _ in a })
            #expect(app.waitForState { $0.phase == "feed" && $0.currentReady == true } != nil, "stderr: \(app.stderr)")
            let window = try app.focusedWindow()
            try X11.key("ctrl+comma", window: window)
            let preferences = try #require(X11.window(named: "^Preferences$", pid: app.process.processIdentifier),
                                           "no Preferences window; stderr: \(app.stderr)")
            return (app, preferences, folder)
        }

        @Test("Clear Videos asks first, then empties the video cache: its files go and the usage shows 0")
        func clearVideos() throws {
            let home = try seededCache(videos: ["a": 3_000_000, "b": 2_000_000], images: ["poster": 1_000_000])
            defer { try? FileManager.default.removeItem(at: home) }
            #expect(Self.dataFiles(home).count == 3)
            let (app, preferences, folder) = try openPreferences(home: home)
            defer { try? FileManager.default.removeItem(at: folder) }
            let shown = app.waitForState { $0.preferencesOpen == true && $0.cacheVideoBytes != nil }
            #expect(shown?.cacheVideoBytes == 5_000_000, "\(String(describing: shown)); stderr: \(app.stderr)")
            #expect(shown?.cacheImageBytes == 1_000_000)

            try X11.run(["xdotool", "windowfocus", "--sync", preferences])
            try X11.key("alt+v", window: preferences) // Clear _Videos…
            let dialog = try #require(X11.window(named: "^Clear the video cache", pid: app.process.processIdentifier),
                                      "Clear Videos asks before deleting")
            #expect(app.latest?.cacheVideoBytes == 5_000_000, "nothing is deleted before the answer")
            let seen = app.states.count
            try X11.run(["xdotool", "windowfocus", "--sync", dialog])
            try X11.key("alt+l", window: dialog) // C_lear
            let cleared = app.waitForState(after: seen) { $0.cacheVideoBytes == 0 }
            #expect(cleared != nil, "the usage shows 0 after clearing: \(String(describing: app.latest))")
            #expect(cleared?.cacheImageBytes == 1_000_000, "the image cache is another one")
            let left = Self.dataFiles(home, reaching: 1)
            #expect(left.count == 1, "only the picture's file is left: \(left)")
        }

        @Test("lowering the video budget with the gsettings tool evicts at once; out-of-range values are refused")
        func budgetFromOutside() throws {
            let home = try seededCache(videos: ["old": 30_000_000, "new": 30_000_000], images: [:])
            defer { try? FileManager.default.removeItem(at: home) }
            // Settings in a key file that the gsettings tool and the app share.
            let (app, _, folder) = try openPreferences(home: home, environment: ["GSETTINGS_BACKEND": "keyfile"])
            defer { try? FileManager.default.removeItem(at: folder) }
            #expect(app.waitForState { $0.cacheVideoBytes == 60_000_000 } != nil, "stderr: \(app.stderr)")

            let seen = app.states.count
            #expect(try gsettings(["set", "io.github.flick.Flick", "video-cache-budget-mb", "50"], app: app) == 0)
            let evicted = app.waitForState(after: seen) { ($0.cacheVideoBytes ?? .max) <= 45_000_000 }
            #expect(evicted?.cacheVideoBytes == 30_000_000, "down to 90% of 50 MB, one file at a time: \(String(describing: app.latest))")
            #expect(Self.dataFiles(home, reaching: 1).count == 1)

            #expect(try gsettings(["set", "io.github.flick.Flick", "video-cache-budget-mb", "10"], app: app) != 0,
                    "GSettings refuses a budget below the schema's range")
            #expect(try gsettings(["get", "io.github.flick.Flick", "video-cache-budget-mb"], app: app) == 0)
        }
    }
}
