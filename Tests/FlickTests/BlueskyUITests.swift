import FeedCore
import FeedDemo
import FlickTestSupport
import Foundation
import Testing

extension AppUnderX {
    /// Bluesky in the real app: a fake AppView speaking the lexicons, HLS
    /// masters with two renditions on one origin, pictures on another.
    @Suite("Bluesky in the app")
    struct BlueskyUITests {
        /// The three servers and the keyfile that points the app at the AppView.
        final class Servers {
            let appView = MediaServer()
            let videos = MediaServer()
            let pictures = MediaServer()
            let fake: FakeBluesky
            /// The accounts' PDS, another origin than the AppView's.
            let pds = MediaServer()
            let pdsBase: URL
            let config: URL

            /// `extra` accounts are listed beside alice.test's three posts;
            /// alice.test signs in with `appPassword`, and her timeline is her
            /// own posts; bob.test has `bobVideos` video posts of his own.
            init(extra: [String: [String]] = [:], appPassword: String? = nil, bobVideos: Int = 0) throws {
                let videoBase = try videos.startOnOwnThread()
                let pictureBase = try pictures.startOnOwnThread()
                let hls = try TestClips.hls(count: 2, size: PixelSize(width: 180, height: 320))
                for number in [1, 3] + (bobVideos > 0 ? Array(101...(100 + bobVideos)) : []) {
                    // Two renditions of the same segments: what Bluesky's masters name.
                    for rendition in ["360p", "720p"] {
                        for file in try FileManager.default.contentsOfDirectory(at: hls, includingPropertiesForKeys: nil) {
                            let type = file.pathExtension == "m3u8" ? "application/vnd.apple.mpegurl" : "video/mp2t"
                            videos.serveFile(file, at: "/watch/v\(number)/\(rendition)/\(file.lastPathComponent)", contentType: type)
                        }
                    }
                    let master = """
                        #EXTM3U
                        #EXT-X-VERSION:3
                        #EXT-X-STREAM-INF:BANDWIDTH=400000,RESOLUTION=180x320
                        360p/index.m3u8
                        #EXT-X-STREAM-INF:BANDWIDTH=1200000,RESOLUTION=360x640
                        720p/index.m3u8

                        """
                    videos.serveAnswers(at: "/watch/v\(number)/playlist.m3u8") { _ in
                        .init(status: 200, body: Data(master.utf8), contentType: "application/vnd.apple.mpegurl")
                    }
                }
                let picture = FileManager.default.temporaryDirectory.appendingPathComponent("flick-bsky-\(UUID().uuidString).png")
                try TestPictures.write(picture, width: 360, height: 480, rgb: 0x20_80_E0)
                pictures.serveFile(picture, at: "/img/feed_fullsize/p2.png", contentType: "image/png")
                let posts = [
                    BlueskyBodies.post("3kpost1", by: "alice.test", text: "First",
                                       embed: BlueskyBodies.video(playlist: "\(videoBase.absoluteString)watch/v1/playlist.m3u8")),
                    BlueskyBodies.post("3kpost2", by: "alice.test", text: "Second",
                                       embed: BlueskyBodies.images(["\(pictureBase.absoluteString)img/feed_fullsize/p2.png"])),
                    BlueskyBodies.post("3kpost3", by: "alice.test", text: "Third",
                                       embed: BlueskyBodies.video(playlist: "\(videoBase.absoluteString)watch/v3/playlist.m3u8")),
                ].map { BlueskyBodies.entry($0) }
                pdsBase = try pds.startOnOwnThread()
                let pdsText = pdsBase.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
                let bob = (0..<bobVideos).map { index in
                    BlueskyBodies.entry(BlueskyBodies.post("3kbob\(index)", by: "bob.test", text: "Clip \(index + 1)",
                                                           embed: BlueskyBodies.video(playlist: "\(videoBase.absoluteString)watch/v\(101 + index)/playlist.m3u8")))
                }
                fake = FakeBluesky(authors: extra.merging(["alice.test": posts, "bob.test": bob]) { $1 }, pdsOf: ["alice.test": pdsText],
                                   appPasswords: appPassword.map { ["alice.test": $0] } ?? [:], timeline: posts)
                let appViewBase = try appView.startOnOwnThread()
                fake.install(on: appView)
                fake.install(on: pds)
                config = FileManager.default.temporaryDirectory.appendingPathComponent("flick-bsky-config-\(UUID().uuidString)")
                let settings = config.appendingPathComponent("glib-2.0/settings")
                try FileManager.default.createDirectory(at: settings, withIntermediateDirectories: true)
                try "[io/github/flick/Flick]\nbluesky-appview='\(appViewBase.absoluteString)'\nbluesky-pds='\(pdsText)'\n"
                    .write(to: settings.appendingPathComponent("keyfile"), atomically: true, encoding: .utf8)
            }

            /// What the app runs with: the keyfile backend reading the AppView's address.
            var environment: [String: String] { ["GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": config.path] }

            func stop() {
                for server in [appView, pds, videos, pictures] { server.stop() }
                try? FileManager.default.removeItem(at: config)
            }
        }

        @Test("a bsky.app post address opens its author's posts at that post; the HLS video plays and a picture from another origin shows")
        func postAddressLands() throws {
            let servers = try Servers()
            defer { servers.stop() }
            let app = try AppProcess(["https://bsky.app/profile/alice.test/post/3kpost3", "--report-state"],
                                     environment: servers.environment)
            defer { app.stop() }
            let landed = app.waitForState(timeout: 60) {
                $0.phase == "feed" && $0.itemCount == 3 && $0.currentIndex == 2 && $0.playersPlaying == 1
            }
            #expect(landed != nil, "\(String(describing: app.latest)); \(app.stderr)")
            let asked = servers.fake.requests.filter { $0.path == "/xrpc/app.bsky.feed.getAuthorFeed" }
            #expect(asked.first?.query["actor"] == "alice.test" && asked.first?.query["filter"] == "posts_with_media")
            #expect(!servers.videos.requests(path: "/watch/v3/playlist.m3u8").isEmpty, "the master was read")
            let window = try app.focusedWindow()
            try X11.key("Up", window: window)
            #expect(app.waitForState(timeout: 20) { $0.currentIndex == 1 && $0.currentReady == true } != nil,
                    "the picture shows: \(String(describing: app.latest)); \(app.stderr)")
            #expect(!servers.pictures.requests(path: "/img/feed_fullsize/p2.png").isEmpty)
            // Not signed in, a heart offers the sign-in instead of a like that goes nowhere.
            let seen = app.states.count
            try X11.key("l", window: window)
            let offered = app.waitForState(after: seen, timeout: 10) { $0.lastToast != nil }
            #expect(offered?.lastToast == "Sign in to Bluesky to like its posts", "\(String(describing: app.latest))")
            #expect(servers.fake.likes.isEmpty)
        }

        @Test("an account with thousands of posts and none with media says the feed is empty after a few pages, not spinning")
        func noMedia() throws {
            let words = (1...3_000).map { BlueskyBodies.entry(BlueskyBodies.post("3kw\($0)", by: "quiet.test", text: "Words \($0)", embed: nil)) }
            let servers = try Servers(extra: ["quiet.test": words])
            defer { servers.stop() }
            let app = try AppProcess(["bsky:quiet.test", "--report-state"], environment: servers.environment)
            defer { app.stop() }
            let empty = app.waitForState(timeout: 60) { $0.phase == "empty" }
            #expect(empty != nil, "\(String(describing: app.latest)); \(app.stderr)")
            let asked = servers.fake.requests.filter { $0.path == "/xrpc/app.bsky.feed.getAuthorFeed" }.count
            #expect((1...10).contains(asked), "a few pages asked, not all 500: \(asked)")
        }

        @Test("a warm run of an account's first 10 video posts, HLS masters with two renditions, fetches nothing from the video origin; the sidebar reopens the account at the next launch")
        func warmRunFetchesNothing() throws {
            let servers = try Servers(bobVideos: 12)
            defer { servers.stop() }
            let hlsFiles = try FileManager.default.contentsOfDirectory(atPath: TestClips.hls(count: 2, size: PixelSize(width: 180, height: 320)).path)
            let paths = (101...112).flatMap { number in
                ["/watch/v\(number)/playlist.m3u8"] + ["360p", "720p"].flatMap { rendition in hlsFiles.map { "/watch/v\(number)/\(rendition)/\($0)" } }
            }
            func counts() -> [String: Int] { Dictionary(uniqueKeysWithValues: paths.map { ($0, servers.videos.requests(path: $0).count) }) }
            var asked: [String] = []
            func pageThrough(_ arguments: [String]) throws -> Int {
                let before = servers.videos.requestCount
                let beforePaths = counts()
                defer { let after = counts(); asked = paths.filter { after[$0] != beforePaths[$0] } }
                let app = try AppProcess(arguments + ["--report-state"], environment: servers.environment)
                defer { app.stop() }
                let opened = app.waitForState(timeout: 60) { $0.phase == "feed" && $0.settled == true && $0.playersPlaying == 1 }
                try #require(opened != nil, "\(String(describing: app.latest)); \(app.stderr)")
                let window = try app.focusedWindow()
                // Reopened, the feed lands where it was left: back to the first post.
                if opened?.currentIndex != 0 {
                    try X11.key("Home", window: window)
                    try #require(app.waitForState(timeout: 20) { $0.currentIndex == 0 && $0.settled == true && $0.playersPlaying == 1 } != nil,
                                 "back on the first post: \(String(describing: app.latest))")
                }
                for index in 1..<10 {
                    try X11.key("Down", window: window)
                    try #require(app.waitForState(timeout: 20) { $0.currentIndex == index && $0.settled == true && $0.playersPlaying == 1 && $0.currentReady == true } != nil,
                                 "landed on \(index): \(String(describing: app.latest)); \(app.stderr)")
                }
                #expect(app.latest?.sources?.contains("@bob.test") == true, "\(String(describing: app.latest?.sources))")
                app.stop()
                return servers.videos.requestCount - before
            }
            let cold = try pageThrough(["bsky:bob.test"])
            #expect(cold > 0)
            // No source named: the last one showing opens again, from the cache.
            let warm = try pageThrough([])
            #expect(warm == 0, "the warm run asked the video origin \(warm) times: \(asked)")
        }

        @Test("a post's address on the second page lands there; a feed whose pages then bring nothing new says No more posts")
        func landFurtherAndEnd() throws {
            let words = (1...30).map { BlueskyBodies.entry(BlueskyBodies.post("3kw\($0)", by: "carol.test", text: "Words \($0)", embed: nil)) }
            let servers = try Servers(bobVideos: 12)
            defer { servers.stop() }
            let app = try AppProcess(["https://bsky.app/profile/bob.test/post/3kbob9", "--report-state"], environment: servers.environment)
            defer { app.stop() }
            let landed = app.waitForState(timeout: 60) { $0.phase == "feed" && $0.currentIndex == 9 && $0.playersPlaying == 1 }
            #expect(landed != nil, "\(String(describing: app.latest)); \(app.stderr)")
            app.stop()

            let ending = try Servers(extra: ["carol.test": Array(servers.fake.authors["alice.test"] ?? []) + words])
            defer { ending.stop() }
            let ended = try AppProcess(["bsky:carol.test", "--report-state"], environment: ending.environment)
            defer { ended.stop() }
            let said = ended.waitForState(timeout: 60) { $0.phase == "feed" && $0.lastToast == "No more posts" }
            #expect(said?.itemCount == 3, "\(String(describing: ended.latest)); \(ended.stderr)")
        }

        @Test("a handle Bluesky's syntax refuses is one line on stderr and status 2, before any request")
        func badHandle() throws {
            let app = try AppProcess(["bsky:alice"])
            let status = app.waitForExit()
            #expect(status == 2)
            let lines = app.stderr.split(separator: "\n").filter { !$0.isEmpty }
            #expect(lines.count == 1 && app.stderr.contains("does not name a Bluesky account"), "\(app.stderr)")
        }
    }
}
