import FeedCore
import FeedMedia
import Foundation
import Testing

extension AppUnderX {
    /// What someone watches is theirs alone: the app started with umask
    /// 022 still makes its folders 0700 and its files 0600.
    @Suite("User-only cache and data")
    struct PrivateFilesUITests {
        /// Every folder and file at or under `root` whose mode is not the
        /// user-only one, as "path mode"; and how many were looked at.
        static func widerThanUserOnly(under root: URL) -> (wider: [String], count: Int) {
            var wider: [String] = []
            var count = 0
            var paths = [root.path]
            if let walker = FileManager.default.enumerator(atPath: root.path) {
                for case let relative as String in walker { paths.append(root.appendingPathComponent(relative).path) }
            }
            for path in paths {
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                count += 1
                let mode = info.st_mode & 0o7777
                let kind = info.st_mode & S_IFMT
                let wanted: mode_t = kind == S_IFDIR ? 0o700 : 0o600
                if mode != wanted { wider.append("\(path) \(String(mode, radix: 8))") }
            }
            return (wider, count)
        }

        @Test("with umask 022, the cache (media store, index, renderer) and the kept likes are 0700 folders and 0600 files")
        func userOnlyWhateverTheUmask() throws {
            let clip = try Fixtures.clips()[0]
            let id = "private-\(UUID().uuidString)"
            let (server, feed) = try HostileInputUITests.feedServer(clip: clip.video, id: id)
            defer { server.stop() }
            let cacheHome = FileManager.default.temporaryDirectory.appendingPathComponent("flick-private-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: cacheHome) }

            let before = umask(0o022)
            let app: AppProcess
            do {
                defer { umask(before) }
                app = try AppProcess([feed.absoluteString, "--report-state"], environment: ["XDG_CACHE_HOME": cacheHome.path])
            }
            defer { app.stop() }
            let playing = app.waitForState(timeout: 30) { $0.phase == "feed" && $0.currentID == id && $0.currentReady == true }
            #expect(playing != nil, "\(String(describing: app.latest)); \(app.stderr)")
            let seen = app.states.count
            try X11.key("l", window: try app.focusedWindow())
            #expect(app.waitForState(after: seen, timeout: 10) { $0.currentLiked == true } != nil, "\(String(describing: app.latest))")

            let cache = cacheHome.appendingPathComponent("io.github.flick.Flick")
            let data = app.home.appendingPathComponent("data/io.github.flick.Flick")
            let expected = [cache.appendingPathComponent("media/index.json"), cache.appendingPathComponent("gl-renderer"),
                            data.appendingPathComponent("likes.json")]
            let deadline = Date().addingTimeInterval(15)
            while expected.contains(where: { !FileManager.default.fileExists(atPath: $0.path) }), Date() < deadline { usleep(100_000) }
            for file in expected { #expect(FileManager.default.fileExists(atPath: file.path), "\(file.path) was written") }
            app.stop()

            for root in [cache, data] {
                let (wider, count) = Self.widerThanUserOnly(under: root)
                #expect(count >= 2, "\(root.path) holds what the app made")
                #expect(wider.isEmpty, "made readable by others: \(wider)")
            }
        }
    }
}
