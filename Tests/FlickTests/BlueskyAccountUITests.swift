import FeedDemo
import FlickTestSupport
import Foundation
import Testing

extension AppUnderX {
    /// Signing in to Bluesky with an app password, in a desktop with a
    /// real keyring: the fake AppView, PDS, video and picture origins apart.
    @Suite("Bluesky accounts")
    struct BlueskyAccountUITests {
        /// The servers (alice.test signs in with "abcd-efgh-ijkl-mnop") and a
        /// desktop with a keyring whose settings point Flick at them.
        static func desktop() throws -> (BlueskyUITests.Servers, AccountDesktop) {
            let servers = try BlueskyUITests.Servers(appPassword: "abcd-efgh-ijkl-mnop")
            do {
                let desktop = try AccountDesktop()
                let pds = servers.pdsBase.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
                let appView = try #require(servers.appView.baseURL)
                for (key, value) in [("bluesky-pds", pds), ("bluesky-appview", appView.absoluteString)] {
                    let set = try desktop.run(["gsettings", "set", "io.github.flick.Flick", key, value])
                    try #require(set.status == 0, "\(set)")
                }
                return (servers, desktop)
            } catch {
                servers.stop()
                throw error
            }
        }

        @Test("an app password signs in from a script, its tokens in the keyring and in no file; bsky:home is read from the PDS with them, an expired one refreshed, never sent to the AppView or the media origins; like then unlike create and delete the same record; remove ends the session")
        func appPassword() throws {
            let (servers, desktop) = try Self.desktop()
            defer { servers.stop() }

            let early = try desktop.run([AppProcess.binary.path, "bsky:home"])
            #expect(early.status == 2 && early.err.contains("Sign in to Bluesky first"), "\(early)")
            let wrong = try desktop.run([AppProcess.binary.path, "account", "add", "bsky:alice.test"], stdin: "not-it\n")
            #expect(wrong.status == 1 && wrong.err.contains("did not accept"), "\(wrong)")

            let added = try desktop.run([AppProcess.binary.path, "account", "add", "bsky:alice.test"], stdin: "abcd-efgh-ijkl-mnop\n")
            let server = "127.0.0.1:\(servers.pdsBase.port!)"
            #expect(added.status == 0 && added.out.contains("signed in as alice.test@\(server)"), "\(added)")
            let access = try #require(servers.fake.liveAccessTokens.first, "a session was made")
            let refresh = try #require(servers.fake.liveRefreshTokens.first)
            let lookup = try desktop.run(["secret-tool", "lookup", "server", server, "account", "alice.test"])
            #expect(lookup.out.contains(access) && lookup.out.contains(refresh), "the keyring holds the tokens: \(lookup)")
            #expect(desktop.filesContain(access).isEmpty && desktop.filesContain(refresh).isEmpty && desktop.filesContain("abcd-efgh").isEmpty,
                    "no file holds a token or the password")
            let listed = try desktop.run([AppProcess.binary.path, "account", "list"])
            #expect(listed.out.hasPrefix("alice.test@\(server)\tbluesky"), "\(listed)")

            // The access token has expired by the time the app reads home: refreshed once, then read.
            servers.fake.expireAccessTokens()
            let app = try AppProcess(["bsky:home", "--report-state"], environment: desktop.environment)
            defer { app.stop() }
            let playing = app.waitForState(timeout: 60) { $0.phase == "feed" && $0.itemCount == 3 && $0.playersPlaying == 1 }
            #expect(playing?.accounts == ["alice.test@\(server)"], "\(String(describing: app.latest)); \(app.stderr)")
            #expect(playing?.sources?.contains("Bluesky home") == true, "\(String(describing: playing?.sources))")
            let timeline = servers.pds.authorizedPaths.filter { $0 == "/xrpc/app.bsky.feed.getTimeline" }
            #expect(timeline.count >= 2, "home read with the token, again after the refresh: \(servers.pds.authorizedPaths)")
            #expect(servers.pds.authorizedPaths.contains("/xrpc/com.atproto.server.refreshSession"))

            // A heart creates a like record of the post in the user's repository; a second tap deletes that record.
            let window = try app.focusedWindow()
            var seen = app.states.count
            try X11.key("l", window: window)
            let liked = app.waitForState(after: seen, timeout: 10) { $0.currentLikedByServer == true && $0.likesPending == false }
            #expect(liked?.currentLiked == true, "liked on Bluesky: \(String(describing: app.latest)); \(app.stderr)")
            let first = "at://\(BlueskyBodies.did("alice.test"))/app.bsky.feed.post/3kpost1"
            let record = try #require(servers.fake.likes.first { $0.value == first }?.key, "a like record of the post: \(servers.fake.likes)")
            seen = app.states.count
            try X11.key("l", window: window)
            let unliked = app.waitForState(after: seen, timeout: 10) { $0.currentLikedByServer == false && $0.likesPending == false }
            #expect(unliked?.currentLiked == false, "unliked: \(String(describing: app.latest))")
            #expect(servers.fake.deleted == [record] && servers.fake.likes.isEmpty, "the same record deleted: \(servers.fake.deleted)")
            app.stop()
            #expect(servers.appView.authorizedPaths.isEmpty && servers.videos.authorizedPaths.isEmpty
                    && servers.pictures.authorizedPaths.isEmpty, "no token left the PDS")

            let removed = try desktop.run([AppProcess.binary.path, "account", "remove", server, "alice.test"])
            #expect(removed.status == 0, "\(removed)")
            #expect(servers.fake.liveRefreshTokens.isEmpty, "the session was ended at the PDS")
            let gone = try desktop.run(["secret-tool", "lookup", "server", server, "account", "alice.test"])
            #expect(gone.out.isEmpty, "the keyring forgot it: \(gone)")
        }
    
        @Test("in the window: a heart without an account offers Sign In; its window takes the handle and an app password, lists Home, and the heart then reaches Bluesky")
        func signInFromTheWindow() throws {
            let (servers, desktop) = try Self.desktop()
            defer { servers.stop() }
            let app = try AppProcess(["bsky:alice.test", "--report-state"], environment: desktop.environment, standalone: false)
            defer { app.stop() }
            #expect(app.waitForState(timeout: 60) { $0.phase == "feed" && $0.playersPlaying == 1 } != nil, "\(app.stderr)")
            let window = try app.focusedWindow()
            var seen = app.states.count
            try X11.key("l", window: window)
            #expect(app.waitForState(after: seen, timeout: 10) { $0.lastToast == "Sign in to Bluesky to like its posts" } != nil)

            // The toast's Sign In: the window has the sign-in service filled in, the handle to type.
            let (status, output) = try desktop.bus.gdbus(["call", "--session", "--dest", "io.github.flick.Flick", "--object-path", "/io/github/flick/Flick",
                                                           "--method", "org.gtk.Actions.Activate", "sign-in", "[<('bluesky', 'bsky.social')>]", "{}"])
            #expect(status == 0, "\(output)")
            let dialog = try X11.waitForWindow(named: "Sign in to Bluesky", timeout: 10)
            try X11.run(["xdotool", "windowfocus", "--sync", dialog])
            try X11.run(["xdotool", "type", "--delay", "20", "alice.test"])
            try X11.run(["xdotool", "key", "Tab"])
            try X11.run(["xdotool", "type", "--delay", "20", "abcd-efgh-ijkl-mnop"])
            try X11.run(["xdotool", "key", "Return"])
            let server = "127.0.0.1:\(servers.pdsBase.port!)"
            seen = app.states.count
            let signedIn = app.waitForState(after: seen, timeout: 30) { $0.accounts == ["alice.test@\(server)"] && $0.playersPlaying == 1 }
            #expect(signedIn != nil, "signed in in the window: \(String(describing: app.latest)); \(app.stderr)")
            #expect(app.waitForState(timeout: 10) { ($0.sources ?? []).contains("Bluesky home") } != nil, "\(String(describing: app.latest?.sources))")

            // The feed is read again with the account, through its PDS: the heart is a like record now.
            #expect(servers.pds.authorizedPaths.contains("/xrpc/app.bsky.feed.getAuthorFeed"), "\(servers.pds.authorizedPaths)")
            #expect(servers.appView.authorizedPaths.isEmpty)
            try X11.run(["xdotool", "windowfocus", "--sync", window])
            seen = app.states.count
            try X11.key("l", window: window)
            let liked = app.waitForState(after: seen, timeout: 10) { $0.currentLikedByServer == true && $0.likesPending == false }
            #expect(liked != nil && servers.fake.likes.count == 1, "\(String(describing: app.latest)); \(servers.fake.likes); \(app.stderr)")
        }
}
}
