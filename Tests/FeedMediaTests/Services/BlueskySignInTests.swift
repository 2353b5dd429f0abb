import FeedCore
@testable import FeedDemo
import FeedGObject
@testable import FeedHTTP
@testable import FeedMedia
@testable import FeedSources
import FlickTestSupport
import Foundation
import Testing

/// Signing in to Bluesky with an app password, refreshing the session and
/// ending it, against a fake PDS speaking `com.atproto.server.*`.
@Suite(.serialized) @MainActor struct BlueskySignInTests {
    typealias Outcome = Result<BlueskyGrant, SignInFailure>

    static func server(_ fake: FakeBluesky) throws -> (MediaServer, URL) {
        let server = MediaServer()
        let base = try server.startOnOwnThread()
        fake.install(on: server)
        return (server, base)
    }

    func signIn(_ base: URL, _ identifier: String, _ password: String) async throws -> Outcome {
        let signIn = try #require(BlueskySignIn(service: base.absoluteString, session: HTTPSessions.standalone()))
        let slot = FeedTestPump.Slot<Outcome>()
        signIn.start(identifier: identifier, appPassword: password) { slot.value = $0 }
        await FeedTestPump.pump(seconds: 20) { slot.value != nil }
        return try #require(slot.value)
    }

    @Test("an app password gives a session on the PDS the account's document names; the password is sent once, as JSON, and never again")
    func signsIn() async throws {
        let fake = FakeBluesky(authors: ["alice.test": []], appPasswords: ["alice.test": "abcd-efgh-ijkl-mnop"])
        let (server, base) = try Self.server(fake)
        defer { server.stop() }
        let grant = try await signIn(base, "alice.test", "abcd-efgh-ijkl-mnop").get()
        #expect(grant.did == BlueskyBodies.did("alice.test") && grant.handle == "alice.test")
        #expect(grant.pds == base.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/")))
        #expect(fake.liveAccessTokens == [grant.accessJwt])
        #expect(fake.requests.map(\.path) == ["/xrpc/com.atproto.server.createSession"])
    }

    @Test("a wrong app password says so; an answer without tokens, or naming a PDS on a private address, gives no session")
    func refusals() async throws {
        let fake = FakeBluesky(authors: ["alice.test": [], "mallory.test": []],
                               pdsOf: ["mallory.test": "https://192.168.0.10"],
                               appPasswords: ["alice.test": "right", "mallory.test": "right"])
        let (server, base) = try Self.server(fake)
        defer { server.stop() }
        let host = base.host!
        guard case .failure(let wrong) = try await signIn(base, "alice.test", "wrong") else {
            Issue.record("a wrong password signed in")
            return
        }
        #expect(wrong == .wrongPassword(server: host))
        guard case .failure(let moved) = try await signIn(base, "mallory.test", "right") else {
            Issue.record("a private PDS was taken")
            return
        }
        #expect(moved == .badAnswer(server: host, "its account server is refused: the PDS is on a private or link-local address"))

        let tokenless = MediaServer()
        tokenless.servePost(at: "/xrpc/com.atproto.server.createSession") { _ in
            .init(status: 200, body: Data(#"{"handle": "alice.test", "did": "did:plc:alicetest", "accessJwt": ""}"#.utf8))
        }
        let other = try tokenless.startOnOwnThread()
        defer { tokenless.stop() }
        guard case .failure(let empty) = try await signIn(other, "alice.test", "right") else {
            Issue.record("no tokens signed in")
            return
        }
        #expect(empty == .badAnswer(server: other.host!, "no access and refresh tokens"))
    }

    @Test("a refresh sends the refresh token and gets a new pair; a used one is refused as expired; signing out ends the session")
    func refreshAndSignOut() async throws {
        let fake = FakeBluesky(authors: ["alice.test": []], appPasswords: ["alice.test": "right"], omitsDocument: true)
        let (server, base) = try Self.server(fake)
        defer { server.stop() }
        let first = try await signIn(base, "alice.test", "right").get()
        #expect(first.pds == base.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/")), "no document: the service itself")
        let signIn = try #require(BlueskySignIn(service: base.absoluteString, session: HTTPSessions.standalone()))
        let slot = FeedTestPump.Slot<Outcome>()
        signIn.refresh(first) { slot.value = $0 }
        await FeedTestPump.pump(seconds: 20) { slot.value != nil }
        let fresh = try #require(slot.value).get()
        #expect(fresh.refreshJwt != first.refreshJwt && fresh.did == first.did)
        #expect(fake.requests.last?.headers["Authorization"] == "Bearer \(first.refreshJwt)")

        let again = FeedTestPump.Slot<Outcome>()
        signIn.refresh(first) { again.value = $0 }
        await FeedTestPump.pump(seconds: 20) { again.value != nil }
        #expect(again.value == .failure(.expired(server: base.host!)), "a refresh token is used once")

        let done = FeedTestPump.Slot<Bool>()
        signIn.signOut(fresh) { done.value = true }
        await FeedTestPump.pump(seconds: 20) { done.value != nil }
        #expect(fake.liveAccessTokens.isEmpty, "the session's tokens no longer work")
    }

    @Test("a sign-in service on plain http elsewhere than loopback, or on a private address, is refused before anything is sent")
    func refusedServices() {
        let session = HTTPSessions.standalone()
        #expect(BlueskySignIn(service: "http://bsky.example", session: session) == nil)
        #expect(BlueskySignIn(service: "https://10.1.2.3", session: session) == nil)
        #expect(BlueskySignIn(service: "https://bsky.social", session: session) != nil)
    }

    @Test("an access token's exp claim schedules its refresh; a malformed or absurd one schedules nothing and is still used as it is")
    func expiry() {
        let now = 1_800_000_000.0
        func jwt(_ payload: String) -> String {
            let encoded = Data(payload.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
            return "eyJhbGciOiJFUzI1NksifQ.\(encoded).c2lnbmF0dXJl"
        }
        #expect(BlueskyGrant.expiry(of: jwt(#"{"scope":"com.atproto.appPass","sub":"did:plc:x","exp":1800007200}"#), now: now) == 1_800_007_200)
        #expect(BlueskyGrant.expiry(of: jwt(#"{"exp":99999999999}"#), now: now) == nil, "a century away")
        #expect(BlueskyGrant.expiry(of: jwt(#"{"exp":"soon"}"#), now: now) == nil)
        #expect(BlueskyGrant.expiry(of: jwt("not json"), now: now) == nil)
        #expect(BlueskyGrant.expiry(of: "opaque-token", now: now) == nil)
        let grant = BlueskyGrant(did: "did:plc:x", handle: "alice.test", pds: "https://pds.example",
                                 accessJwt: jwt(#"{"exp":\#(Int(Date().timeIntervalSince1970) + 7200)}"#), refreshJwt: "r.r.r")
        let expires = grant.account?.1.expiresAt ?? 0
        #expect(expires > Date().timeIntervalSince1970 + 7000, "kept with the token: \(expires)")
    }
}
