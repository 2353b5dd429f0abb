import FeedDemo
import FlickTestSupport
import Foundation
import Testing

extension AppUnderX {
    /// Signing in to Mastodon and PeerTube: the browser sign-in with PKCE
    /// on a loopback callback, tokens in a real keyring and nowhere else,
    /// a user's own feed read with the token, sign-out revoking it.
    @Suite("Accounts")
    struct AccountUITests {
        /// Videos on a media server of their own: another origin than the API's.
        private static func mediaServer(count: Int) throws -> (MediaServer, [String]) {
            let clips = try Fixtures.clips()
            let server = MediaServer()
            let base = try server.startOnOwnThread()
            let urls = (0..<count).map { index -> String in
                server.serveFile(clips[index % clips.count].video, at: "/media/clip-\(index).mp4", contentType: "video/mp4")
                return "\(base.absoluteString)media/clip-\(index).mp4"
            }
            return (server, urls)
        }

        @Test("Mastodon: flick account add signs in through the browser with PKCE, keeps the token in the keyring only; the home timeline pages 40 posts with it, never sending it to the media host; remove revokes and forgets it")
        func mastodonSignIn() throws {
            let desktop = try AccountDesktop()
            let (media, urls) = try Self.mediaServer(count: 45)
            defer { media.stop() }
            let fake = FakeMastodon(media: urls)
            let api = MediaServer()
            let base = try api.startOnOwnThread()
            defer { api.stop() }
            fake.install(on: api)
            let server = "127.0.0.1:\(base.port!)"

            // Before signing in, the home timeline asks for an account.
            let early = try desktop.run([AppProcess.binary.path, "mastodon:\(server)/home"])
            #expect(early.status == 2 && early.err.contains("Sign in to \(server) first"), "\(early)")

            let added = try desktop.run([AppProcess.binary.path, "account", "add", "mastodon:\(server)"])
            #expect(added.status == 0, "\(added)")
            #expect(added.out.contains("signed in as ana@\(server)"), "\(added)")
            #expect(desktop.browserOpened.count == 1 && desktop.browserOpened.first?.contains("/oauth/authorize?") == true,
                    "the browser opened the authorize page: \(desktop.browserOpened)")
            let token = try #require(fake.liveTokens.first, "a token was issued")
            let lookup = try desktop.run(["secret-tool", "lookup", "server", server, "account", "ana"])
            #expect(lookup.out.contains(token), "the keyring holds the token: \(lookup)")
            #expect(desktop.filesContain(token).isEmpty, "no file holds the token: \(desktop.filesContain(token))")
            let listed = try desktop.run([AppProcess.binary.path, "account", "list"])
            #expect(listed.out.hasPrefix("ana@\(server)\tmastodon\tAna Lima"), "\(listed)")

            let app = try AppProcess(["mastodon:\(server)/home", "--report-state"], environment: desktop.environment)
            defer { app.stop() }
            let playing = app.waitForState(timeout: 60) { $0.phase == "feed" && $0.currentIndex == 0 && $0.playersPlaying == 1 }
            #expect(playing?.accounts == ["ana@\(server)"], "\(String(describing: app.latest)); \(app.stderr)")
            guard playing != nil else { return }
            let window = try app.focusedWindow()
            for index in 1...40 {
                try X11.key("Down", window: window)
                guard app.waitForState(timeout: 20, { $0.currentIndex == index && $0.settled == true }) != nil else {
                    Issue.record("did not land on \(index): \(String(describing: app.latest)); \(app.stderr)")
                    return
                }
            }
            #expect((app.latest?.itemCount ?? 0) >= 41, "the home timeline's second page came")
            #expect(desktop.filesContain(token, also: [AppProcess.sharedCache]).isEmpty, "no file holds the token after a run")
            app.stop()
            #expect(media.authorizedPaths.isEmpty, "the media host never saw the token: \(media.authorizedPaths)")
            #expect(api.authorizedPaths.filter { $0 == "/api/v1/timelines/home" }.count >= 2, "home was read with it: \(api.authorizedPaths)")

            let removed = try desktop.run([AppProcess.binary.path, "account", "remove", server, "ana"])
            #expect(removed.status == 0 && removed.out.contains("signed out of ana@\(server)"), "\(removed)")
            #expect(fake.revoked == [token] && fake.liveTokens.isEmpty, "the token was revoked: \(fake.revoked)")
            let gone = try desktop.run(["secret-tool", "lookup", "server", server, "account", "ana"])
            #expect(gone.out.isEmpty, "the keyring forgot it: \(gone)")
            let after = try desktop.run([AppProcess.binary.path, "account", "list"])
            #expect(after.out.isEmpty, "\(after)")
        }

        @Test("without a Secret Service the sign-in says it will not be remembered and fails; an unknown account cannot be removed")
        func noKeyring() throws {
            let desktop = try AccountDesktop(keyring: false)
            let (media, urls) = try Self.mediaServer(count: 2)
            defer { media.stop() }
            let fake = FakeMastodon(media: urls)
            let api = MediaServer()
            let base = try api.startOnOwnThread()
            defer { api.stop() }
            fake.install(on: api)
            let server = "127.0.0.1:\(base.port!)"
            let added = try desktop.run([AppProcess.binary.path, "account", "add", "mastodon:\(server)"])
            #expect(added.status == 1 && added.err.contains("will not be remembered"), "\(added)")
            let removed = try desktop.run([AppProcess.binary.path, "account", "remove", server, "nobody"])
            #expect(removed.status == 1 && removed.err.contains("there is no account nobody"), "\(removed)")
            let wrong = try desktop.run([AppProcess.binary.path, "account", "add", "peertube:\(server)"])
            #expect(wrong.status == 2 && wrong.err.contains("usage: flick account"), "\(wrong)")
        }
    }
}
