import FeedCore
@testable import FeedDemo
import FeedGObject
@testable import FeedHTTP
@testable import FeedMedia
@testable import FeedSources
import FlickTestSupport
import Foundation
import Testing

/// The browser sign-in for Pixelfed and Loops: each server's own app
/// registration and "who am I", the authorize page "opened" by following
/// it to the loopback callback as a browser would.
@Suite(.serialized) @MainActor struct BrowserSignInTests {
    static func signIn(_ service: ServiceAddress.Service, server: String) async throws -> Result<(Account, AccountToken), SignInFailure> {
        let session = HTTPSessions.standalone()
        let signIn = try #require(BrowserSignIn(service: service, server: server, session: session))
        let slot = FeedTestPump.Slot<Result<(Account, AccountToken), SignInFailure>>()
        var browser: ServiceCall?
        signIn.start(openBrowser: { url in
            browser = ServiceCall(.get, url, session: session) { _ in }
        }, completion: { slot.value = $0 })
        await FeedTestPump.pump(seconds: 20) { slot.value != nil }
        browser?.cancel()
        return try #require(slot.value, "no answer")
    }

    @Test("Pixelfed: registered with the scopes read write, the code exchanged with PKCE, the account named from verify_credentials")
    func pixelfed() async throws {
        let server = MediaServer()
        let fake = FakeMastodon(media: [], scopes: "read write")
        fake.install(on: server)
        let base = try server.startOnOwnThread()
        defer { server.stop() }
        let (account, token) = try await Self.signIn(.pixelfed, server: "127.0.0.1:\(base.port!)").get()
        #expect(account.service == .pixelfed && account.name == "ana" && account.displayName == "Ana Lima")
        #expect(fake.liveTokens == [token.accessToken])
    }

    @Test("Loops: redirects registered as a list, the code exchanged with PKCE, the account named from account/info/self")
    func loops() async throws {
        let server = MediaServer()
        let fake = FakeLoops(media: [])
        fake.install(on: server)
        let base = try server.startOnOwnThread()
        defer { server.stop() }
        let (account, token) = try await Self.signIn(.loops, server: "127.0.0.1:\(base.port!)").get()
        #expect(account.service == .loops && account.name == "dana" && account.displayName == "Dana")
        #expect(fake.liveTokens == [token.accessToken])
    }

    @Test("Lemmy has no browser sign-in")
    func lemmy() {
        #expect(BrowserSignIn(service: .lemmy, server: "127.0.0.1:8080", session: HTTPSessions.standalone()) == nil)
    }
}
