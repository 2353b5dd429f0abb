import FeedCore
import FeedDemo
import FlickTestSupport
import Foundation
import Testing

extension AppUnderX {
    /// For You over three fake feeds, driven the way a user swipes: what
    /// it learns shapes what comes next, says why, survives a restart and
    /// is forgotten on request.
    @Suite("For You")
    struct ForYouUITests {
        /// Three JSON Feeds, A, B and C, of 120 posts each (30 a page), each
        /// feed's posts by its own author with its own hashtag; every post
        /// is the same 4 s clip.
        struct ThreeFeeds {
            let server = MediaServer()
            var addresses: [String: String] = [:]
            static let posts = 120

            init() throws {
                let clip = try Fixtures.clips()[0]
                let base = try server.startOnOwnThread()
                server.serveFile(clip.video, at: "/media/clip.mp4", contentType: "video/mp4")
                for (name, tag) in [("a", "alpha"), ("b", "beta"), ("c", "gamma")] {
                    let items = (0..<Self.posts).map { number in
                        #"{"id": "\#(name)-\#(number)", "title": "Clip \#(number) #\#(tag)", "authors": [{"name": "@\#(name)"}], "#
                            + #""attachments": [{"url": "\#(base.absoluteString)media/clip.mp4", "mime_type": "video/mp4", "#
                            + #""duration_in_seconds": \#(clip.duration)}]}"#
                    }
                    for page in 0..<(Self.posts / 30) {
                        let next = page + 1 < Self.posts / 30 ? #""next_url": "\#(name)-\#(page + 1).json", "# : ""
                        let body = #"{"version": "https://jsonfeed.org/version/1.1", "title": "\#(name.uppercased())", \#(next)"items": ["#
                            + items[(page * 30)..<(page * 30 + 30)].joined(separator: ",") + "]}"
                        server.serveJSON(at: "/\(name)-\(page).json") { _ in Data(body.utf8) }
                    }
                    addresses[name] = "\(base.absoluteString)\(name)-0.json"
                }
            }

            /// Settings on disk listing the three feeds as the sidebar's sources (and nothing else).
            func settings() throws -> (folder: URL, environment: [String: String]) {
                let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-foryou-\(UUID().uuidString)")
                let keyfile = folder.appendingPathComponent("config/glib-2.0/settings")
                try FileManager.default.createDirectory(at: keyfile, withIntermediateDirectories: true)
                let sources = ["a", "b", "c"].map { "('feed', '\($0.uppercased())', '\(addresses[$0]!)')" }.joined(separator: ", ")
                try "[io/github/flick/Flick]\nsources=[\(sources)]\n"
                    .write(to: keyfile.appendingPathComponent("keyfile"), atomically: true, encoding: .utf8)
                return (folder, ["GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
                                 "XDG_DATA_HOME": folder.appendingPathComponent("data").path])
            }

            /// Which feed (a, b or c) a post's source address is.
            func feed(of address: String?) -> String? {
                addresses.first { $0.value == address }?.key
            }
        }

        /// What the user does on each post: A watched to the end, B skipped
        /// at once, C liked and left; `fewer`: "Show fewer like this" on A.
        enum Habit {
            case learn
            case showFewerOnA
            /// Leave every post at once.
            case skipAll
        }

        /// Waits for post `index` to show its first frame, does what
        /// `habit` says there and goes on to the next; returns the feed it
        /// came from and the state it showed in.
        static func visit(_ index: Int, app: AppProcess, window: String, feeds: ThreeFeeds, habit: Habit,
                          clipSeconds: Double) throws -> (feed: String, state: ReportedState) {
            let shown = try #require(app.waitForState(timeout: 40) {
                $0.currentIndex == index && $0.currentReady == true && $0.settled == true && $0.playersPlaying == 1
                    && $0.postSource?.isEmpty == false
            }, "post \(index) never played: \(String(describing: app.latest)); \(app.stderr.suffix(2000))")
            let feed = try #require(feeds.feed(of: shown.postSource), "\(String(describing: shown.postSource))")
            switch (habit, feed) {
            case (.skipAll, _), (.learn, "b"), (.showFewerOnA, "b"):
                try X11.key("Down", window: window)
            case (.learn, "a"):
                usleep(UInt32((clipSeconds + 0.5) * 1_000_000)) // to the end, and a little of the loop
                try X11.key("Down", window: window)
            case (.showFewerOnA, "a"):
                try X11.key("n", window: window) // pages on by itself
            default: // C: liked, then left
                let seen = app.states.count
                try X11.key("l", window: window)
                #expect(app.waitForState(after: seen) { $0.currentLiked == true } != nil, "the like of post \(index)")
                try X11.key("Down", window: window)
            }
            return (feed, shown)
        }

        static func shares(_ feeds: [String]) -> [String: Double] {
            Dictionary(grouping: feeds, by: { $0 }).mapValues { Double($0.count) / Double(feeds.count) }
        }

        @Test("watching A to the end, skipping B and liking C shapes the next posts; Show fewer lowers A; a restart keeps it; Forget brings B back")
        func learnsAndForgets() throws {
            let feeds = try ThreeFeeds()
            defer { feeds.server.stop() }
            let (folder, environment) = try feeds.settings()
            defer { try? FileManager.default.removeItem(at: folder) }
            let clipSeconds = try Fixtures.clips()[0].duration
            var app = try AppProcess(["foryou", "--mix-seed=6", "--report-state"], environment: environment)
            defer { app.stop() }
            let opened = app.waitForState(timeout: 60) { $0.phase == "feed" && $0.forYouSelected == true && $0.playersPlaying == 1 }
            #expect(opened?.currentSource == nil && opened?.sources == ["A", "B", "C"], "\(String(describing: app.latest)); \(app.stderr)")
            #expect(opened?.mixReason?.isEmpty == false, "every post of the mix says why it is there")
            var window = try app.focusedWindow()

            // Thirty posts of habits.
            var index = 0
            for _ in 0..<30 {
                _ = try Self.visit(index, app: app, window: window, feeds: feeds, habit: .learn, clipSeconds: clipSeconds)
                index += 1
            }
            // The next twenty follow them: mostly A and C, B seldom but still there.
            var next: [String] = []
            for _ in 0..<20 {
                next.append(try Self.visit(index, app: app, window: window, feeds: feeds, habit: .learn, clipSeconds: clipSeconds).feed)
                index += 1
            }
            let learned = Self.shares(next)
            #expect((learned["a"] ?? 0) + (learned["c"] ?? 0) >= 0.6, "\(next)")
            #expect((learned["b"] ?? 0) <= 0.15 && (learned["b"] ?? 0) > 0, "B seldom, but not never: \(next)")

            // "Show fewer like this" on A three times: A's share falls.
            var fewer = 0
            while fewer < 3 {
                let visited = try Self.visit(index, app: app, window: window, feeds: feeds, habit: .showFewerOnA, clipSeconds: clipSeconds)
                if visited.feed == "a" { fewer += 1 }
                index += 1
            }
            var after: [String] = []
            for _ in 0..<10 {
                after.append(try Self.visit(index, app: app, window: window, feeds: feeds, habit: .learn, clipSeconds: clipSeconds).feed)
                index += 1
            }
            #expect((Self.shares(after)["a"] ?? 0) < (learned["a"] ?? 0), "fewer A after Show fewer: \(after) against \(next)")

            // A restart (nothing named: For You was showing) keeps what was learned.
            app.stop()
            let taste = folder.appendingPathComponent("data/io.github.flick.Flick/taste.json")
            #expect(FileManager.default.fileExists(atPath: taste.path), "what was learned is on disk")
            app = try AppProcess(["--mix-seed=6", "--report-state"], environment: environment)
            #expect(app.waitForState(timeout: 60) { $0.phase == "feed" && $0.forYouSelected == true && $0.playersPlaying == 1 } != nil,
                    "For You opens again: \(String(describing: app.latest)); \(app.stderr)")
            window = try app.focusedWindow()
            var restarted: [(feed: String, state: ReportedState)] = []
            for place in 0..<10 {
                restarted.append(try Self.visit(place, app: app, window: window, feeds: feeds, habit: .skipAll, clipSeconds: clipSeconds))
            }
            let again = Self.shares(restarted.map(\.feed))
            #expect((again["c"] ?? 0) >= 0.4 && (again["b"] ?? 0) <= 0.2, "still C first, B seldom: \(restarted.map(\.feed))")
            let liked = feeds.addresses["c"]!
            #expect(restarted.contains { $0.state.mixReasonCodes?.contains("liked-source:\(liked)") == true },
                    "a C post says it is there because C is liked: \(restarted.map { $0.state.mixReasonCodes ?? [] })")

            // Preferences → For You → Forget: B comes back.
            try X11.key("ctrl+comma", window: window)
            let preferences = try #require(X11.window(named: "^Preferences$", pid: app.process.processIdentifier))
            try X11.run(["xdotool", "windowfocus", "--sync", preferences])
            try X11.key("alt+r", window: preferences) // Fo_rget
            var emptied = false
            for _ in 0..<50 where !emptied {
                emptied = (try? String(contentsOf: taste, encoding: .utf8))?.contains(#""entries":[]"#) == true
                if !emptied { usleep(100_000) }
            }
            #expect(emptied, "Forget empties taste.json at once: \((try? String(contentsOf: taste, encoding: .utf8)) ?? "none")")
            // The first Escape after a mnemonic only ends the mnemonic mode; the next one closes.
            let closing = app.states.count
            var closed: ReportedState?
            for _ in 0..<3 where closed == nil {
                try X11.run(["xdotool", "windowfocus", "--sync", preferences])
                try X11.key("Escape", window: preferences)
                closed = app.waitForState(after: closing, timeout: 3) { $0.preferencesOpen == false }
            }
            #expect(closed != nil, "Escape closes the preferences")
            window = try app.focusedWindow()
            // The post on screen stays; the ones after it are mixed again, from nothing learned.
            let here = try #require(app.latest?.currentIndex)
            _ = try Self.visit(here, app: app, window: window, feeds: feeds, habit: .skipAll, clipSeconds: clipSeconds)
            var forgotten: [String] = []
            for place in (here + 1)...(here + 10) {
                forgotten.append(try Self.visit(place, app: app, window: window, feeds: feeds, habit: .skipAll, clipSeconds: clipSeconds).feed)
            }
            #expect((Self.shares(forgotten)["b"] ?? 0) >= 0.2, "B is back after Forget: \(forgotten)")
        }

        @Test("Ctrl+0 mixes the sources from any source; with none listed it says how to add one; with every source dead, why")
        func openingAndFailing() throws {
            let feeds = try ThreeFeeds()
            defer { feeds.server.stop() }
            let (folder, environment) = try feeds.settings()
            defer { try? FileManager.default.removeItem(at: folder) }
            // From B, Ctrl+0: For You, its row selected; a post of any source says where it came from.
            var app = try AppProcess([feeds.addresses["b"]!, "--report-state"], environment: environment)
            #expect(app.waitForState(timeout: 60) { $0.phase == "feed" && $0.currentSource == 1 && $0.playersPlaying == 1 } != nil,
                    "\(String(describing: app.latest)); \(app.stderr)")
            #expect(app.latest?.postSource == feeds.addresses["b"] && app.latest?.mixReason == "", "outside For You: its own source, no reason")
            var seen = app.states.count
            try X11.key("ctrl+0", window: try app.focusedWindow())
            let mixed = app.waitForState(after: seen, timeout: 60) {
                $0.forYouSelected == true && $0.phase == "feed" && $0.playersPlaying == 1 && $0.mixReason?.isEmpty == false
            }
            #expect(mixed?.currentSource == nil && feeds.feed(of: mixed?.postSource) != nil, "\(String(describing: app.latest))")
            // Back to a source with Ctrl+2: For You's row is no longer selected.
            seen = app.states.count
            try X11.key("ctrl+2", window: try app.focusedWindow())
            #expect(app.waitForState(after: seen, timeout: 60) { $0.currentSource == 1 && $0.forYouSelected == false } != nil)
            app.stop()

            // No sources of the user's own (the demo alone): the empty page says how to add one.
            let keyfile = folder.appendingPathComponent("config/glib-2.0/settings/keyfile")
            try "[io/github/flick/Flick]\nsources=@a(sss) []\n".write(to: keyfile, atomically: true, encoding: .utf8)
            app = try AppProcess(["foryou", "--report-state"], environment: environment)
            #expect(app.waitForState(timeout: 60) { $0.phase == "empty" && $0.forYouSelected == true } != nil,
                    "\(String(describing: app.latest)); \(app.stderr)")
            app.stop()

            // Every source dead: the error page, with each one's failure in the log.
            feeds.server.stop()
            try "[io/github/flick/Flick]\nsources=[('feed', 'A', '\(feeds.addresses["a"]!)'), ('feed', 'B', '\(feeds.addresses["b"]!)')]\n"
                .write(to: keyfile, atomically: true, encoding: .utf8)
            app = try AppProcess(["foryou", "--report-state"], environment: environment)
            defer { app.stop() }
            #expect(app.waitForState(timeout: 60) { $0.phase == "error" } != nil, "\(String(describing: app.latest)); \(app.stderr)")
            #expect(app.stderr.contains("For You leaves out"), "\(app.stderr)")
        }
    }
}
