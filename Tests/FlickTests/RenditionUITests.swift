import FeedCore
import FeedMedia
import FlickTestSupport
import Foundation
import Testing
@testable import FeedDemo

extension AppUnderX {
    /// HLS masters of three renditions, as PeerTube writes them (lowest
    /// first): which one the window, the quality setting and the data
    /// saver play, read from what the server was asked.
    @Suite("HLS renditions in the app")
    struct RenditionUITests {
        /// Three renditions of the same segments (the picture is the test
        /// clip's; the master says what each is), two posts of them.
        final class Servers {
            let server: MediaServer
            let base: URL
            static let renditions = [("r240", "240x426", 370_000), ("r480", "480x854", 1_000_000), ("r720", "720x1280", 3_100_000)]

            /// `missing`: a rendition folder served for no post (its playlist
            /// 404s); `hls`: the segments' folder (the test clip's by default);
            /// `bitsPerSecond`: the link's rate (nil: loopback's).
            init(missing: String? = nil, hls: URL? = nil, bitsPerSecond: Int? = nil) throws {
                server = MediaServer(options: .init(bandwidthBitsPerSecond: bitsPerSecond))
                base = try server.startOnOwnThread()
                let hls = try hls ?? TestClips.hls(count: 2, size: PixelSize(width: 180, height: 320))
                let files = try FileManager.default.contentsOfDirectory(at: hls, includingPropertiesForKeys: nil)
                var master = "#EXTM3U\n#EXT-X-VERSION:3\n"
                for (folder, resolution, bandwidth) in Self.renditions {
                    master += "#EXT-X-STREAM-INF:BANDWIDTH=\(bandwidth),RESOLUTION=\(resolution),CODECS=\"avc1.42c01e,mp4a.40.2\"\n\(folder)/index.m3u8\n"
                }
                for post in ["a", "b"] {
                    for (folder, _, _) in Self.renditions where folder != missing {
                        for file in files {
                            let type = file.pathExtension == "m3u8" ? "application/vnd.apple.mpegurl" : "video/mp2t"
                            server.serveFile(file, at: "/\(post)/\(folder)/\(file.lastPathComponent)", contentType: type)
                        }
                    }
                    let body = master
                    server.serveAnswers(at: "/\(post)/master.m3u8") { _ in
                        .init(status: 200, body: Data(body.utf8), contentType: "application/vnd.apple.mpegurl")
                    }
                }
                let feed = #"{"items": [{"id": "a", "type": "video", "uri": "\#(base.absoluteString)a/master.m3u8"}, {"id": "b", "type": "video", "uri": "\#(base.absoluteString)b/master.m3u8"}]}"#
                server.serveJSON(at: "/feed.json") { _ in Data(feed.utf8) }
            }

            var feedURL: String { "\(base.absoluteString)feed.json" }

            /// The renditions of `post` whose playlist or segments were asked for.
            func fetched(_ post: String) -> [String] {
                Self.renditions.map(\.0).filter { folder in
                    server.pathsRequested { $0.hasPrefix("/\(post)/\(folder)/") } > 0
                }
            }

            func stop() { server.stop() }

            /// Twenty-four seconds of moving picture and tone at a steady
            /// 0.35 Mbit/s (about what the master says of 240p), cut into
            /// 2-s segments: long enough that 20 s of playing never loops
            /// back to segments already on disk.
            static func steadyHLS() throws -> URL {
                let aac = MediaRuntime.aacEncoder
                let pipeline = """
                videotestsrc pattern=ball num-buffers=720 ! video/x-raw,width=240,height=426,framerate=30/1,format=I420 \
                ! x264enc speed-preset=ultrafast bframes=0 key-int-max=30 pass=cbr bitrate=300 vbv-buf-capacity=1000 \
                ! h264parse ! mp4mux name=mux faststart=true ! filesink name=sink \
                audiotestsrc wave=sine freq=440 volume=0.2 samplesperbuffer=441 num-buffers=2400 \
                ! audioconvert ! audioresample ! audio/x-raw,rate=44100,channels=2 ! \(aac) bitrate=48000 ! aacparse ! mux.
                """
                let clip = try TestClips.clip(named: "steady-24s.mp4", recipe: pipeline) { target, folder in
                    try DemoMediaJob(item: "steady clip", message: "", weight: 1, target: target, pipeline: pipeline, timeout: 120)
                        .render(in: folder)
                }
                let folder = TestClips.oneOffDirectory.appendingPathComponent("hls-steady-24s")
                return try DemoHLSRendition.make(from: clip, into: folder).deletingLastPathComponent()
            }
        }

        @Test("on a link of 1.2 Mbit/s the post plays 240p or 480p, and segments come ahead of the playhead: at most one rebuffer in 20 s")
        func slowLink() throws {
            let servers = try Servers(hls: Servers.steadyHLS(), bitsPerSecond: 1_200_000)
            defer { servers.stop() }
            let config = FileManager.default.temporaryDirectory.appendingPathComponent("flick-renditions-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: config) }
            let settings = config.appendingPathComponent("glib-2.0/settings")
            try FileManager.default.createDirectory(at: settings, withIntermediateDirectories: true)
            try "[io/github/flick/Flick]\nshow-diagnostics=true\n".write(to: settings.appendingPathComponent("keyfile"), atomically: true, encoding: .utf8)
            // A cache of its own: the slow link's speed, kept at exit, is no other test's to start from.
            let app = try AppProcess([servers.feedURL, "--report-state"],
                                     environment: ["GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": config.path,
                                                   "XDG_CACHE_HOME": config.appendingPathComponent("cache").path])
            defer { app.stop() }
            let playing = app.waitForState(timeout: 60) {
                $0.phase == "feed" && $0.playersPlaying == 1 && $0.currentReady == true && ($0.positionMilliseconds ?? 0) > 0
            }
            try #require(playing != nil, "\(String(describing: app.latest)); \(app.stderr)")
            // Ahead, but not the whole video: at 5 s, segments through 18 s at most (2 s each).
            let five = app.waitForState(timeout: 20) { ($0.positionMilliseconds ?? 0) >= 5_000 }
            let segments = { (post: String) in servers.server.pathsRequested { $0.hasPrefix("/\(post)/") && $0.hasSuffix(".ts") } }
            #expect(five != nil && segments("a") <= 9, "segments of the current post asked for by 5 s: \(segments("a"))")
            let twenty = app.waitForState(timeout: 40) { ($0.positionMilliseconds ?? 0) >= 20_000 }
            let rebuffers = (app.latest?.diagnostics?.first { $0.hasPrefix("Rebuffers") }).flatMap {
                Int($0.split(separator: " ").dropFirst().first { !$0.isEmpty } ?? "")
            }
            #expect(twenty != nil, "20 s of video played: \(String(describing: app.latest))")
            #expect(["240x426@370000", "480x854@1000000"].contains(twenty?.currentRendition ?? ""), "\(String(describing: twenty))")
            #expect(rebuffers.map { $0 <= 1 } == true, "rebuffers: \(String(describing: app.latest?.diagnostics))")
            // The prepared next post stops at its first frame's segments, as a prepared file stops at its first bytes.
            #expect((1...3).contains(segments("b")), "segments of the prepared post: \(segments("b"))")
        }

        @Test("the links' speeds are kept for the next run: one remembered slow starts at 240p, one absurdly fast is bounded and the window still caps")
        func remembered() throws {
            let servers = try Servers()
            defer { servers.stop() }
            let cache = FileManager.default.temporaryDirectory.appendingPathComponent("flick-throughput-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: cache) }
            let file = cache.appendingPathComponent("io.github.flick.Flick/media/throughput.json")
            let origin = try #require(CacheKey.origin(of: servers.base.absoluteString))
            let environment = ["XDG_CACHE_HOME": cache.path]

            // A first run measures the link as segments come, and keeps it at exit.
            do {
                let app = try AppProcess([servers.feedURL, "--report-state"], environment: environment)
                let played = app.waitForState(timeout: 60) { $0.currentRendition == "480x854@1000000" && ($0.positionMilliseconds ?? 0) > 2_500 }
                #expect(played != nil, "\(String(describing: app.latest)); \(app.stderr)")
                app.stop()
                let kept = try JSONDecoder().decode(ThroughputMemory.self, from: Data(contentsOf: file))
                let entry = kept.entries.first { $0.origin == origin }
                #expect(entry.map { ThroughputEstimate.range.contains($0.bitsPerSecond) } == true, "\(kept)")
            }

            // Remembered: a slow link starts at 240p from the first segment; a terabit is bounded to a gigabit, which the window caps at 480p.
            for (bitsPerSecond, expected) in [(400_000, "240x426@370000"), (1_000_000_000_000, "480x854@1000000")] {
                let memory = ThroughputMemory(entries: [.init(origin: origin, bitsPerSecond: bitsPerSecond, measuredAt: Date().timeIntervalSince1970)])
                try JSONEncoder().encode(memory).write(to: file)
                let app = try AppProcess([servers.feedURL, "--report-state"], environment: environment)
                defer { app.stop() }
                let first = app.waitForState(timeout: 60) { !($0.currentRendition ?? "").isEmpty }
                #expect(first?.currentRendition == expected, "remembered \(bitsPerSecond): \(String(describing: app.latest)); \(app.stderr)")
                #expect(expected != "240x426@370000" || servers.fetched("a").contains("r240"), "\(servers.fetched("a"))")
            }
        }

        @Test("the default window plays 480p, the smallest rendition that covers it, and never fetches 720p; the prepared next post fetches that one rendition only")
        func window() throws {
            let servers = try Servers()
            defer { servers.stop() }
            let app = try AppProcess([servers.feedURL, "--report-state"])
            defer { app.stop() }
            let playing = app.waitForState(timeout: 60) {
                $0.phase == "feed" && $0.playersPlaying == 1 && $0.currentReady == true && $0.currentRendition == "480x854@1000000"
            }
            #expect(playing != nil, "\(String(describing: app.latest)); \(app.stderr)")
            #expect(playing?.renditionsFetched == 1, "\(String(describing: playing))")
            // Three seconds of playing: segments of the chosen rendition keep coming, no other.
            _ = app.waitForState(timeout: 3) { ($0.positionMilliseconds ?? 0) > 2_500 }
            #expect(servers.fetched("a") == ["r480"], "the current post: \(servers.fetched("a"))")
            #expect(servers.fetched("b").allSatisfy { $0 == "r480" }, "the prepared post: \(servers.fetched("b"))")
        }

        @Test("the More menu lists the post's renditions, Automatic first; choosing 720p plays it for that post")
        func menu() throws {
            let servers = try Servers()
            defer { servers.stop() }
            let tree = try AccessibleTree()
            let app = try AppProcess([servers.feedURL, "--report-state"], environment: tree.environment.merging(["LANGUAGE": "en"]) { $1 })
            defer { app.stop() }
            let listed = app.waitForState(timeout: 60) {
                $0.phase == "feed" && $0.playersPlaying == 1 && $0.renditionsListed == ["Automatic", "240p", "480p", "720p"]
            }
            try #require(listed != nil, "\(String(describing: app.latest)); \(app.stderr)")
            let pid = app.process.processIdentifier
            try tree.press("More", in: pid)
            let deadline = Date().addingTimeInterval(10)
            while try !tree.nodes(of: pid).contains(where: { $0.name == "Quality: 720p" }), Date() < deadline { usleep(100_000) }
            let seen = app.states.count
            try tree.press("Quality: 720p", in: pid)
            let chosen = app.waitForState(after: seen, timeout: 20) { $0.currentRendition == "720x1280@3100000" && $0.lastToast == "Quality: 720p" }
            #expect(chosen != nil, "\(String(describing: app.latest))")
            #expect(app.waitForState(timeout: 20) { _ in servers.fetched("a").contains("r720") } != nil, "720p was fetched: \(servers.fetched("a"))")
        }

        @Test("a rendition whose playlist 404s is passed over: the post plays another at once")
        func missingRendition() throws {
            let servers = try Servers(missing: "r480")
            defer { servers.stop() }
            let app = try AppProcess([servers.feedURL, "--report-state"])
            defer { app.stop() }
            let playing = app.waitForState(timeout: 60) {
                $0.phase == "feed" && $0.playersPlaying == 1 && $0.currentReady == true && $0.currentRendition == "240x426@370000"
            }
            #expect(playing != nil && playing?.currentError == nil, "\(String(describing: app.latest)); \(app.stderr)")
            #expect(servers.server.requests(path: "/a/r480/index.m3u8").count >= 1, "the 480p playlist was asked for first")
        }

        @Test("a rendition whose segment will not load after the first frame: the post is retried by itself, at another rendition")
        func failsWhilePlaying() throws {
            // Not the last segment: hlsdemux takes a last one that fails for the stream's end.
            let servers = try Servers(hls: Servers.steadyHLS())
            defer { servers.stop() }
            servers.server.setFault(.status(404), for: "/a/r480/segment00003.ts")
            let app = try AppProcess([servers.feedURL, "--report-state"])
            defer { app.stop() }
            let first = app.waitForState(timeout: 60) { $0.currentReady == true && $0.currentRendition == "480x854@1000000" }
            try #require(first != nil, "480p plays first: \(String(describing: app.latest)); \(app.stderr)")
            let seen = app.states.count
            let again = app.waitForState(after: seen, timeout: 30) {
                // Without 480p the window's smallest cover is 720p (the link is loopback's).
                $0.currentIndex == 0 && $0.currentError == nil && $0.currentReady == true && $0.currentRendition == "720x1280@3100000"
                    && ($0.positionMilliseconds ?? 0) > 0
            }
            #expect(again != nil, "the post plays on at 720p: \(String(describing: app.latest)); \(app.stderr)")
            #expect(servers.server.requests(path: "/a/r480/segment00003.ts").count >= 1, "the 480p segment was asked for")
        }

        @Test("a 360p cap plays 240p; the data saver plays the lowest of at least 360 lines and prepares no next post")
        func qualityAndSaver() throws {
            for (key, value, expected, folder) in [("video-quality", "'360'", "240x426@370000", "r240"),
                                                   ("data-saver", "true", "480x854@1000000", "r480")] {
                let servers = try Servers()
                defer { servers.stop() }
                let config = FileManager.default.temporaryDirectory.appendingPathComponent("flick-renditions-\(UUID().uuidString)")
                defer { try? FileManager.default.removeItem(at: config) }
                let settings = config.appendingPathComponent("glib-2.0/settings")
                try FileManager.default.createDirectory(at: settings, withIntermediateDirectories: true)
                try "[io/github/flick/Flick]\n\(key)=\(value)\n".write(to: settings.appendingPathComponent("keyfile"), atomically: true, encoding: .utf8)
                let app = try AppProcess([servers.feedURL, "--report-state"],
                                         environment: ["GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": config.path])
                defer { app.stop() }
                let playing = app.waitForState(timeout: 60) {
                    $0.phase == "feed" && $0.playersPlaying == 1 && $0.currentReady == true && !($0.currentRendition ?? "").isEmpty
                }
                #expect(playing?.currentRendition == expected, "\(key): \(String(describing: app.latest)); \(app.stderr)")
                #expect(servers.fetched("a") == [folder], "\(key): \(servers.fetched("a"))")
                if key == "data-saver" {
                    #expect(playing?.playersPrepared == 0, "no prepared next post: \(String(describing: playing))")
                }
            }
        }
    }
}
