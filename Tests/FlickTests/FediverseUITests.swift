import FeedCore
import FeedDemo
import FlickTestSupport
import Foundation
import Testing

extension AppUnderX {
    /// Loops, Pixelfed and Lemmy in the real app: fake servers in their
    /// own shapes, media on another origin, swiped with the keyboard.
    @Suite("Loops, Pixelfed and Lemmy in the app")
    struct FediverseUITests {
        /// A media origin: the test clips as `/media/clip-N.mp4`, pictures as
        /// `/pictures/cat-N.png`, and a real HLS stream at `/hls/300/master.m3u8`.
        final class Media {
            let server = MediaServer()
            let base: URL
            let clips: [String]

            init(count: Int) throws {
                base = try server.startOnOwnThread()
                let files = try Fixtures.clips()
                clips = (0..<count).map { [server, base] index in
                    server.serveFile(files[index % files.count].video, at: "/media/clip-\(index).mp4", contentType: "video/mp4")
                    return "\(base.absoluteString)media/clip-\(index).mp4"
                }
                for number in 1...3 {
                    let picture = FileManager.default.temporaryDirectory.appendingPathComponent("flick-fedi-\(UUID().uuidString).png")
                    try TestPictures.write(picture, width: 360, height: 480, rgb: 0x30_A0_60)
                    server.serveFile(picture, at: "/pictures/cat-\(number).png", contentType: "image/png")
                }
                let hls = try TestClips.hls(count: 2, size: PixelSize(width: 180, height: 320))
                for file in try FileManager.default.contentsOfDirectory(at: hls, includingPropertiesForKeys: nil) {
                    let type = file.pathExtension == "m3u8" ? "application/vnd.apple.mpegurl" : "video/mp2t"
                    let name = file.lastPathComponent == "index.m3u8" ? "master.m3u8" : file.lastPathComponent
                    server.serveFile(file, at: "/hls/300/\(name)", contentType: type)
                }
            }

            func stop() { server.stop() }
        }

        @Test("Loops: an account's videos swipe through its cursor pages; a heart asks for an account; signed in through the browser, For You plays and a like and an unlike reach the server")
        func loops() throws {
            let desktop = try AccountDesktop()
            let media = try Media(count: 6)
            defer { media.stop() }
            let api = MediaServer()
            let fake = FakeLoops(media: media.clips)
            fake.install(on: api)
            let server = "127.0.0.1:\(try api.startOnOwnThread().port!)"
            defer { api.stop() }

            let visitor = try AppProcess(["loops:\(server)/@dana", "--report-state"], environment: desktop.environment)
            defer { visitor.stop() }
            let opened = visitor.waitForState(timeout: 60) { $0.phase == "feed" && $0.playersPlaying == 1 && $0.currentIndex == 0 }
            #expect(opened != nil, "\(String(describing: visitor.latest)); \(visitor.stderr)")
            guard opened != nil else { return }
            #expect(visitor.latest?.sources?.contains("@dana on 127.0.0.1") == true, "\(String(describing: visitor.latest?.sources))")
            let window = try visitor.focusedWindow()
            for index in 1...5 {
                try X11.key("Down", window: window)
                #expect(visitor.waitForState(timeout: 20) { $0.currentIndex == index && $0.settled == true && $0.playersPlaying == 1 } != nil,
                        "landed on \(index): \(String(describing: visitor.latest)); \(visitor.stderr)")
            }
            #expect(visitor.latest?.itemCount == 6, "three pages of two")
            let seen = visitor.states.count
            try X11.key("l", window: window)
            let offered = visitor.waitForState(after: seen, timeout: 10) { $0.lastToast != nil }
            #expect(offered?.lastToast == "Sign in to \(server) to like its posts", "\(String(describing: visitor.latest))")
            visitor.stop()

            let added = try desktop.run([AppProcess.binary.path, "account", "add", "loops:\(server)"])
            #expect(added.status == 0 && added.out.contains("signed in as dana@\(server)"), "\(added)")
            #expect(desktop.browserOpened.first?.contains("/oauth/authorize?") == true, "\(desktop.browserOpened)")
            let listed = try desktop.run([AppProcess.binary.path, "account", "list"])
            #expect(listed.out.hasPrefix("dana@\(server)\tloops\tDana"), "\(listed)")

            let app = try AppProcess(["loops:\(server)/for-you", "--report-state"], environment: desktop.environment)
            defer { app.stop() }
            let playing = app.waitForState(timeout: 60) { $0.phase == "feed" && $0.playersPlaying == 1 && $0.currentIndex == 0 }
            #expect(playing?.accounts == ["dana@\(server)"], "\(String(describing: app.latest)); \(app.stderr)")
            guard playing != nil else { return }
            let forYou = try app.focusedWindow()
            var before = app.states.count
            try X11.key("l", window: forYou)
            let liked = app.waitForState(after: before, timeout: 10) { $0.currentLikedByServer == true && $0.likesPending == false }
            #expect(liked?.currentLiked == true && fake.likes(FakeLoops.id(0)) == 1, "\(String(describing: app.latest)); \(app.stderr)")
            before = app.states.count
            try X11.key("l", window: forYou)
            let unliked = app.waitForState(after: before, timeout: 10) { $0.currentLikedByServer == false && $0.likesPending == false }
            #expect(unliked?.currentLiked == false && fake.unlikes(FakeLoops.id(0)) == 1 && fake.likes(FakeLoops.id(0)) == 1,
                    "\(String(describing: app.latest))")
            #expect(media.server.authorizedPaths.isEmpty, "the media origin never saw the token: \(media.server.authorizedPaths)")
        }

        @Test("Pixelfed: a tag's HLS video plays its playlist, the one whose playlist is gone plays its file, and its pictures show one by one")
        func pixelfed() throws {
            let media = try Media(count: 3)
            defer { media.stop() }
            let api = MediaServer()
            FakePixelfed(mediaBase: media.base.absoluteString, clips: media.clips).install(on: api)
            let server = "127.0.0.1:\(try api.startOnOwnThread().port!)"
            defer { api.stop() }
            let app = try AppProcess(["pixelfed:\(server)/tags/cats", "--report-state"])
            defer { app.stop() }
            let playing = app.waitForState(timeout: 60) { $0.phase == "feed" && $0.playersPlaying == 1 && $0.currentIndex == 0 && $0.currentReady == true }
            #expect(playing != nil, "\(String(describing: app.latest)); \(app.stderr)")
            guard playing != nil else { return }
            #expect(!media.server.requests(path: "/hls/300/master.m3u8").isEmpty, "the playlist was read")
            let window = try app.focusedWindow()
            try X11.key("Down", window: window)
            #expect(app.waitForState(timeout: 20) { $0.currentIndex == 1 && $0.playersPlaying == 1 && $0.currentReady == true } != nil,
                    "the file plays: \(String(describing: app.latest)); \(app.stderr)")
            #expect(!media.server.requests(path: "/media/clip-1.mp4").isEmpty)
            for index in 2...4 {
                try X11.key("Down", window: window)
                #expect(app.waitForState(timeout: 20) { $0.currentIndex == index && $0.currentReady == true } != nil,
                        "picture \(index - 1) of 3 shows: \(String(describing: app.latest))")
            }
            #expect(app.latest?.sources?.contains("#cats on 127.0.0.1") == true, "\(String(describing: app.latest?.sources))")
            app.stop()

            // A server that keeps its tags from visitors: the error says so, and Sign In is offered.
            let closed = MediaServer()
            FakePixelfed(mediaBase: media.base.absoluteString, clips: media.clips, visitorsRefused: true).install(on: closed)
            let closedServer = "127.0.0.1:\(try closed.startOnOwnThread().port!)"
            defer { closed.stop() }
            let refused = try AppProcess(["pixelfed:\(closedServer)/tags/cats", "--report-state"])
            defer { refused.stop() }
            let offered = refused.waitForState(timeout: 60) { $0.phase == "error" && $0.lastToast != nil }
            #expect(offered?.lastToast == "Sign in to \(closedServer) to see this feed", "\(String(describing: refused.latest)); \(refused.stderr)")
        }

        @Test("Lemmy: a community's video plays, its picture shows, a PeerTube video plays from its own instance; text posts and links to pages never show")
        func lemmy() throws {
            let media = try Media(count: 3)
            defer { media.stop() }
            let uuid = FakeLemmy.peerTubeUUID
            let file = media.clips[2]
            media.server.serveAnswers(at: "/api/v1/videos/\(uuid)") { _ in
                .init(status: 200, body: PeerTubeBodies.details(uuid, name: "On PeerTube",
                                                                files: [PeerTubeBodies.file(file, resolution: 320, height: 320)]))
            }
            let api = MediaServer()
            FakeLemmy(mediaBase: media.base.absoluteString, clips: media.clips,
                      peerTube: String(media.base.absoluteString.dropLast())).install(on: api)
            let server = "127.0.0.1:\(try api.startOnOwnThread().port!)"
            defer { api.stop() }
            let app = try AppProcess(["lemmy:\(server)/c/videos", "--report-state"])
            defer { app.stop() }
            let playing = app.waitForState(timeout: 60) { $0.phase == "feed" && $0.playersPlaying == 1 && $0.currentIndex == 0 }
            #expect(playing != nil, "\(String(describing: app.latest)); \(app.stderr)")
            guard playing != nil else { return }
            let window = try app.focusedWindow()
            try X11.key("Down", window: window)
            #expect(app.waitForState(timeout: 20) { $0.currentIndex == 1 && $0.currentReady == true } != nil,
                    "the picture shows: \(String(describing: app.latest))")
            try X11.key("Down", window: window)
            #expect(app.waitForState(timeout: 30) { $0.currentIndex == 2 && $0.playersPlaying == 1 && $0.currentReady == true } != nil,
                    "the PeerTube video plays: \(String(describing: app.latest)); \(app.stderr)")
            #expect(!media.server.requests(path: "/api/v1/videos/\(uuid)").isEmpty && !media.server.requests(path: "/media/clip-2.mp4").isEmpty)
            try X11.key("Down", window: window)
            try X11.key("Down", window: window)
            let second = app.waitForState(timeout: 30) { $0.currentIndex == 4 && ($0.itemCount ?? 0) == 6 }
            #expect(second != nil, "the second page: two more posts, nothing else: \(String(describing: app.latest))")
            #expect(app.latest?.sources?.contains("!videos on 127.0.0.1") == true, "\(String(describing: app.latest?.sources))")
        }
    }
}
