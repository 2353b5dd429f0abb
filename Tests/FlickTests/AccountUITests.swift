import FeedDemo
import FeedSources
import FlickTestSupport
import Foundation
import Testing

extension AppUnderX {
    /// Signing in to Mastodon and PeerTube: the browser sign-in with PKCE
    /// on a loopback callback, tokens in a real keyring and nowhere else,
    /// a user's own feed read with the token, sign-out revoking it.
    @Suite("Accounts")
    struct AccountUITests {
        /// A service's API on one loopback server and its videos on another
        /// (another origin: a token must never reach it), both stopped by `stop()`.
        private struct Servers {
            let media: MediaServer
            let api: MediaServer
            /// The media addresses, one per video.
            let urls: [String]
            /// `127.0.0.1:PORT` of the API.
            let server: String

            init(videos count: Int) throws {
                let clips = try Fixtures.clips()
                media = MediaServer()
                let base = try media.startOnOwnThread()
                let media = self.media
                urls = (0..<count).map { index -> String in
                    media.serveFile(clips[index % clips.count].video, at: "/media/clip-\(index).mp4", contentType: "video/mp4")
                    return "\(base.absoluteString)media/clip-\(index).mp4"
                }
                api = MediaServer()
                server = "127.0.0.1:\(try api.startOnOwnThread().port!)"
            }

            func stop() {
                media.stop()
                api.stop()
            }

            /// A public hashtag timeline of the videos, `mastodon:SERVER/tags/clips`.
            func serveClipsTag() {
                let statuses = urls.enumerated().map { index, url in
                    MastodonBodies.status("\(500 - index)", content: "<p>Clip</p>",
                                          media: [MastodonBodies.attachment("a\(index)", type: "video", url: url)])
                }
                let body = Data("[\(statuses.joined(separator: ","))]".utf8)
                api.serveAnswers(at: "/api/v1/timelines/tag/clips") { _ in .init(status: 200, body: body) }
            }
        }

        @Test("Mastodon: flick account add signs in through the browser with PKCE, keeps the token in the keyring only; the home timeline pages 40 posts with it, never sending it to the media host; remove revokes and forgets it")
        func mastodonSignIn() throws {
            let desktop = try AccountDesktop()
            let servers = try Servers(videos: 45)
            defer { servers.stop() }
            let (media, api, urls, server) = (servers.media, servers.api, servers.urls, servers.server)
            let fake = FakeMastodon(media: urls)
            fake.install(on: api)

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

            // The server's bare address: detection finds Mastodon, and its local
            // timeline, kept from visitors, is read with the account.
            let bare = try AppProcess(["http://\(server)", "--report-state"], environment: desktop.environment)
            defer { bare.stop() }
            let local = bare.waitForState(timeout: 60) { $0.phase == "feed" && $0.playersPlaying == 1 && $0.itemCount == 3 }
            #expect(local != nil, "the local timeline plays: \(String(describing: bare.latest)); \(bare.stderr)")
            #expect(api.authorizedPaths.contains("/api/v1/timelines/public"), "read with the token: \(api.authorizedPaths)")
            bare.stop()

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

            // A like is a favourite on the server, an unlike an unfavourite: one request each.
            let status = String(1_000_000 - 40)
            var seen = app.states.count
            try X11.key("l", window: window)
            let liked = app.waitForState(after: seen, timeout: 10) { $0.currentLikedByServer == true && $0.likesPending == false }
            #expect(liked?.currentLiked == true && fake.favourited(status) == 1, "liked on the server: \(String(describing: app.latest))")
            seen = app.states.count
            try X11.key("l", window: window)
            let unliked = app.waitForState(after: seen, timeout: 10) { $0.currentLikedByServer == false && $0.likesPending == false }
            #expect(unliked?.currentLiked == false && fake.unfavourited(status) == 1 && fake.favourited(status) == 1,
                    "unliked on the server: \(String(describing: app.latest))")
            // A like the server refuses goes back, with a toast.
            fake.failFavourites(true)
            seen = app.states.count
            try X11.key("l", window: window)
            let reverted = app.waitForState(after: seen, timeout: 10) { $0.currentLiked == false && $0.likesPending == false && ($0.toastsShown ?? 0) > (liked?.toastsShown ?? 0) }
            #expect(reverted != nil, "a refused like reverts: \(String(describing: app.latest))")
            fake.failFavourites(false)
            // The token revoked on the server: one toast, the account and its feed stay.
            fake.revokeAll()
            seen = app.states.count
            try X11.key("l", window: window)
            let signedOut = app.waitForState(after: seen, timeout: 10) { ($0.lastToast ?? "").contains("Signed out of \(server)") }
            #expect(signedOut?.accounts == ["ana@\(server)"] && signedOut?.itemCount == liked?.itemCount,
                    "a 401 says signed out and keeps the account and the feed: \(String(describing: app.latest))")
            #expect(fake.favourited(status) == 1, "nothing more was favourited")
            #expect(desktop.filesContain(token, also: [AppProcess.sharedCache]).isEmpty, "no file holds the token after a run")
            app.stop()
            #expect(media.authorizedPaths.isEmpty, "the media host never saw the token: \(media.authorizedPaths)")
            #expect(api.authorizedPaths.filter { $0 == "/api/v1/timelines/home" }.count >= 2, "home was read with it: \(api.authorizedPaths)")


            let removed = try desktop.run([AppProcess.binary.path, "account", "remove", server, "ana"])
            #expect(removed.status == 0 && removed.out.contains("signed out of ana@\(server)"), "\(removed)")
            #expect(fake.revoked == [token], "the token was revoked: \(fake.revoked)")
            let gone = try desktop.run(["secret-tool", "lookup", "server", server, "account", "ana"])
            #expect(gone.out.isEmpty, "the keyring forgot it: \(gone)")
            let after = try desktop.run([AppProcess.binary.path, "account", "list"])
            #expect(after.out.isEmpty, "\(after)")
        }

        @Test("a like on a Mastodon post without an account offers a sign-in instead; a folder's like is kept on this computer and shows at the next launch")
        func signInToLikeAndLocalLikes() throws {
            let desktop = try AccountDesktop(keyring: false)
            let servers = try Servers(videos: 3)
            defer { servers.stop() }
            let (api, server) = (servers.api, servers.server)
            servers.serveClipsTag()
            do {
                let app = try AppProcess(["mastodon:\(server)/tags/clips", "--report-state"], environment: desktop.environment)
                defer { app.stop() }
                let playing = app.waitForState(timeout: 60) { $0.phase == "feed" && $0.playersPlaying == 1 }
                #expect(playing != nil, "\(String(describing: app.latest)); \(app.stderr)")
                let window = try app.focusedWindow()
                let seen = app.states.count
                try X11.key("l", window: window)
                let offered = app.waitForState(after: seen, timeout: 10) { ($0.lastToast ?? "").contains("Sign in to \(server) to like") }
                #expect(offered?.currentLiked == false, "no like that goes nowhere: \(String(describing: app.latest))")
                #expect(api.pathsRequested(where: { $0.contains("favourite") }) == 0)
            }

            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-likes-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            for (index, clip) in try Fixtures.clips().prefix(2).enumerated() {
                try FileManager.default.copyItem(at: clip.video, to: folder.appendingPathComponent("clip-\(index).mp4"))
            }
            var environment = desktop.environment
            environment["XDG_DATA_HOME"] = desktop.home.appendingPathComponent("data").path
            do {
                let app = try AppProcess([folder.path, "--report-state"], environment: environment)
                defer { app.stop() }
                #expect(app.waitForState(timeout: 30) { $0.phase == "feed" && $0.playersPlaying == 1 } != nil, "\(app.stderr)")
                let window = try app.focusedWindow()
                let seen = app.states.count
                try X11.key("l", window: window)
                let liked = app.waitForState(after: seen, timeout: 10) { $0.currentLiked == true }
                #expect(liked != nil && liked?.currentLikedByServer == nil, "liked here, no server: \(String(describing: app.latest))")
                try X11.key("ctrl+q", window: window)
                #expect(app.waitForExit(timeout: 20) == 0, "quits: \(app.stderr)")
            }
            let kept = desktop.home.appendingPathComponent("data/io.github.flick.Flick/likes.json")
            #expect(FileManager.default.fileExists(atPath: kept.path), "the like is on disk")
            let again = try AppProcess([folder.path, "--report-state"], environment: environment)
            defer { again.stop() }
            let shown = again.waitForState(timeout: 30) { $0.phase == "feed" && $0.currentIndex == 0 && $0.currentLiked == true }
            #expect(shown != nil, "the next launch shows the like: \(String(describing: again.latest))")
        }

        @Test("PeerTube: flick account add asks for the two-factor code, signs in with the password from standard input and keeps only the tokens; subscriptions play, an expired token is refreshed once, a like is the video's rating")
        func peerTubeSignIn() throws {
            let desktop = try AccountDesktop()
            let servers = try Servers(videos: 3)
            defer { servers.stop() }
            let (media, api, urls, server) = (servers.media, servers.api, servers.urls, servers.server)
            let fake = FakePeerTube(password: "correct horse battery", otp: "424242", media: urls)
            fake.install(on: api)
            let flick = AppProcess.binary.path

            let wrong = try desktop.run([flick, "account", "add", "peertube:\(server)", "--user", "bo"], stdin: "wrong\n")
            #expect(wrong.status == 1, "\(wrong)")
            let needsCode = try desktop.run([flick, "account", "add", "peertube:\(server)", "--user", "bo"], stdin: "correct horse battery\n")
            #expect(needsCode.status == 1 && needsCode.err.contains("--code"), "\(needsCode)")
            let added = try desktop.run([flick, "account", "add", "peertube:\(server)", "--user", "bo", "--code", "424242"],
                                        stdin: "correct horse battery\n")
            #expect(added.status == 0 && added.out.contains("signed in as bo@\(server)"), "\(added)")
            let token = try #require(fake.liveAccessTokens.first)
            let lookup = try desktop.run(["secret-tool", "lookup", "server", server, "account", "bo"])
            #expect(lookup.out.contains(token) && !lookup.out.contains("correct horse"), "only the tokens are kept: \(lookup)")
            #expect(desktop.filesContain("correct horse").isEmpty && desktop.filesContain(token).isEmpty, "no file holds them")

            // The access token expires before the app uses it: refreshed once, then the list comes.
            fake.expireAccessTokens()
            let app = try AppProcess(["peertube:\(server)/subscriptions", "--report-state"], environment: desktop.environment)
            defer { app.stop() }
            let playing = app.waitForState(timeout: 60) { $0.phase == "feed" && $0.currentIndex == 0 && $0.playersPlaying == 1 }
            #expect(playing?.itemCount == 3 && fake.refreshCount == 1, "\(String(describing: app.latest)); refreshed \(fake.refreshCount); \(app.stderr)")
            guard playing != nil else { return }
            let window = try app.focusedWindow()
            let seen = app.states.count
            try X11.key("l", window: window)
            let liked = app.waitForState(after: seen, timeout: 10) { $0.currentLikedByServer == true && $0.likesPending == false }
            #expect(liked != nil && fake.rating(fake.videos[0].uuid) == "like" && fake.rateRequestCount == 1,
                    "the like is the video's rating: \(String(describing: app.latest))")
            app.stop()
            #expect(media.authorizedPaths.isEmpty, "the media host never saw a token: \(media.authorizedPaths)")

            // The next launch starts the heart from the rating.
            let again = try AppProcess(["peertube:\(server)/subscriptions", "--report-state"], environment: desktop.environment)
            defer { again.stop() }
            let shown = again.waitForState(timeout: 60) { $0.currentIndex == 0 && $0.currentLikedByServer == true }
            #expect(shown?.currentLiked == true, "\(String(describing: again.latest))")
            again.stop()

            // Watch later: the playlist found through the account, its deleted element left out.
            let later = try AppProcess(["peertube:\(server)/watch-later", "--report-state"], environment: desktop.environment)
            defer { later.stop() }
            let laterPlaying = later.waitForState(timeout: 60) { $0.phase == "feed" && $0.currentIndex == 0 && $0.playersPlaying == 1 }
            #expect(laterPlaying?.itemCount == 2 && laterPlaying?.currentID == fake.videos[1].uuid,
                    "\(String(describing: later.latest)); \(later.stderr)")
            later.stop()

            let removed = try desktop.run([flick, "account", "remove", server, "bo"])
            #expect(removed.status == 0 && fake.revoked.count == 1, "\(removed); revoked \(fake.revoked)")
        }

        @Test("in the window: a like without an account offers Sign In; its window signs in through the browser, lists Home, Favourites, Bookmarks and the followed hashtag, reads the feed again as the user, and the like reaches the server")
        func signInFromTheWindow() throws {
            let desktop = try AccountDesktop()
            let servers = try Servers(videos: 3)
            defer { servers.stop() }
            let (_, api, urls, server) = (servers.media, servers.api, servers.urls, servers.server)
            let fake = FakeMastodon(media: urls)
            fake.install(on: api)
            servers.serveClipsTag()
            // Registered on the desktop's bus, so its actions can be called as a toast's button calls them.
            let app = try AppProcess(["mastodon:\(server)/tags/clips", "--report-state"], environment: desktop.environment, standalone: false)
            defer { app.stop() }
            #expect(app.waitForState(timeout: 60) { $0.phase == "feed" && $0.playersPlaying == 1 } != nil, "\(app.stderr)")
            let window = try app.focusedWindow()
            var seen = app.states.count
            try X11.key("l", window: window)
            #expect(app.waitForState(after: seen, timeout: 10) { ($0.lastToast ?? "").contains("Sign in to \(server) to like") } != nil)

            // The toast's Sign In: app.sign-in with the service and the server.
            let (status, output) = try desktop.bus.gdbus(["call", "--session", "--dest", "io.github.flick.Flick", "--object-path", "/io/github/flick/Flick",
                                                           "--method", "org.gtk.Actions.Activate", "sign-in", "[<('mastodon', '\(server)')>]", "{}"])
            #expect(status == 0, "\(output)")
            // The window opens with the server filled in and Sign In focused: Return signs in.
            let dialog = try X11.waitForWindow(named: "Sign in to Mastodon", timeout: 10)
            try X11.run(["xdotool", "windowfocus", "--sync", dialog])
            try X11.run(["xdotool", "key", "Return"])
            seen = app.states.count
            let signedIn = app.waitForState(after: seen, timeout: 30) { $0.accounts == ["ana@\(server)"] && $0.playersPlaying == 1 && ($0.itemCount ?? 0) == 3 }
            #expect(signedIn != nil, "signed in in the window: \(String(describing: app.latest)); \(app.stderr)")
            #expect(desktop.browserOpened.count == 1)
            let listed = app.waitForState(after: seen, timeout: 10) { ($0.sources ?? []).contains("#cats on 127.0.0.1") }
            let sources = listed?.sources ?? app.latest?.sources ?? []
            for name in ["Home on 127.0.0.1", "Favourites on 127.0.0.1", "Bookmarks on 127.0.0.1", "#cats on 127.0.0.1"] {
                #expect(sources.contains(name), "the sidebar lists \(name): \(sources)")
            }
            // Read again as the user: the like is a favourite now. (No window
            // manager gives the focus back once the sign-in window closes.)
            try X11.run(["xdotool", "windowfocus", "--sync", window])
            seen = app.states.count
            try X11.key("l", window: window)
            let liked = app.waitForState(after: seen, timeout: 10) { $0.currentLikedByServer == true && $0.likesPending == false }
            #expect(liked != nil && fake.favourited(String(500 - (liked?.currentIndex ?? 0))) == 1, "\(String(describing: app.latest)); \(api.authorizedPaths); \(app.stderr)")
        }

        @Test("Preferences → Accounts lists the account; its Sign Out revokes the token, forgets it and the account")
        func signOutInPreferences() throws {
            let desktop = try AccountDesktop()
            let servers = try Servers(videos: 2)
            defer { servers.stop() }
            let (_, api, urls, server) = (servers.media, servers.api, servers.urls, servers.server)
            let fake = FakeMastodon(media: urls)
            fake.install(on: api)
            let added = try desktop.run([AppProcess.binary.path, "account", "add", "mastodon:\(server)"])
            #expect(added.status == 0, "\(added)")
            let token = try #require(fake.liveTokens.first)

            let tree = AccessibleTree(bus: desktop.bus)
            let app = try AppProcess(["mastodon:\(server)/home", "--report-state"],
                                     environment: desktop.environment.merging(tree.environment) { $1 }.merging(["LANGUAGE": "en"]) { $1 })
            defer { app.stop() }
            #expect(app.waitForState(timeout: 60) { $0.phase == "feed" && $0.accounts == ["ana@\(server)"] } != nil, "\(app.stderr)")
            let window = try app.focusedWindow()
            try X11.key("ctrl+comma", window: window)
            #expect(app.waitForState(timeout: 10) { $0.preferencesOpen == true } != nil)
            let pid = app.process.processIdentifier
            try tree.press("Accounts", in: pid)
            let all = try tree.nodes(of: pid)
            // (GTK 4.8 reports most of a window's nodes as not showing: names are read as they are.)
            let listed = all.map(\.name)
            #expect(listed.contains("Ana Lima") && listed.contains("Sign in to Mastodon…"),
                    "the page lists the account: \(all.map { "\($0.role):\($0.name):\($0.showing)" })")
            // Its mnemonic, as a keyboard user signs out (alt+o: Sign _Out).
            let preferences = try X11.waitForWindow(named: "Preferences", timeout: 10)
            try X11.run(["xdotool", "windowfocus", "--sync", preferences])
            let before = app.states.count
            try X11.key("alt+o", window: preferences)
            let signedOut = app.waitForState(after: before, timeout: 10) { $0.accounts == [] && ($0.lastToast ?? "").contains("Signed out of ana@\(server)") }
            #expect(signedOut != nil, "\(String(describing: app.latest))")
            #expect(fake.revoked == [token], "revoked at the server: \(fake.revoked)")
            let gone = try desktop.run(["secret-tool", "lookup", "server", server, "account", "ana"])
            #expect(gone.out.isEmpty, "the keyring forgot it")
            let names = try tree.nodes(of: pid).map(\.name)
            #expect(names.contains("No accounts yet"), "the page shows none now: \(names)")
            // The home timeline showing is the user's own: it says to sign in now.
            #expect(app.waitForState(after: before, timeout: 10) { $0.phase == "error" } != nil, "\(String(describing: app.latest))")
        }

        @Test("without a Secret Service the sign-in says it will not be remembered and fails; an unknown account cannot be removed")
        func noKeyring() throws {
            let desktop = try AccountDesktop(keyring: false)
            let servers = try Servers(videos: 2)
            defer { servers.stop() }
            let (_, api, urls, server) = (servers.media, servers.api, servers.urls, servers.server)
            let fake = FakeMastodon(media: urls)
            fake.install(on: api)
            let added = try desktop.run([AppProcess.binary.path, "account", "add", "mastodon:\(server)"])
            #expect(added.status == 1 && added.err.contains("will not be remembered"), "\(added)")
            let removed = try desktop.run([AppProcess.binary.path, "account", "remove", server, "nobody"])
            #expect(removed.status == 1 && removed.err.contains("there is no account nobody"), "\(removed)")
            let wrong = try desktop.run([AppProcess.binary.path, "account", "add", "peertube:\(server)"])
            #expect(wrong.status == 2 && wrong.err.contains("usage: flick account"), "\(wrong)")
        }
    }
}
