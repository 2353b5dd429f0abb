import CGLib
import FeedCore
import FlickTestSupport
import Foundation
import Testing
@testable import FeedMedia
@testable import FeedDemo

/// The sign-in's loopback listener against real HTTP requests, PKCE's
/// challenge, and where a feed's token goes.
@Suite(.serialized) @MainActor struct OAuthListenerTests {
    /// GETs `url` through libsoup and waits for the answer.
    func get(_ url: String) async -> Result<ServiceCall.Response, ServiceCall.Failure>? {
        var result: Result<ServiceCall.Response, ServiceCall.Failure>?
        let call = ServiceCall(.get, URL(string: url)!, session: HTTPSessions.standalone()) { result = $0 }
        await pumpUntil(10) { result != nil }
        _ = call
        return result
    }

    @Test func onlyTheRightStateIsAnAnswerAndOnlyOnce() async throws {
        var outcomes: [OAuthListener.Outcome] = []
        let listener = try OAuthListener(state: "s-123") { outcomes.append($0) }
        #expect(listener.redirectURI.hasPrefix("http://127.0.0.1:") && listener.redirectURI.hasSuffix("/callback"))
        let base = listener.redirectURI

        let forged = try #require(await get(base + "?code=evil&state=other")).get()
        #expect(forged.status == 400 && outcomes.isEmpty, "a forged state is refused and the listener waits")
        let favicon = try #require(await get(base.replacingOccurrences(of: "/callback", with: "/favicon.ico"))).get()
        #expect(favicon.status == 404 && outcomes.isEmpty)

        let answer = try #require(await get(base + "?code=good-code&state=s-123")).get()
        #expect(answer.status == 200 && String(decoding: answer.body, as: UTF8.self).contains("close this tab"))
        #expect(outcomes == [.code("good-code")])
        #expect(listener.refused == [.wrongState, .wrongPath])

        // After its answer the listener is closed: a second request reaches nobody.
        let second = await get(base + "?code=again&state=s-123")
        if case .success(let response)? = second { Issue.record("a second request was answered: \(response.status)") }
        #expect(outcomes == [.code("good-code")])
    }

    @Test func aDenialAndATimeOutEndTheSignIn() async throws {
        var outcomes: [OAuthListener.Outcome] = []
        let listener = try OAuthListener(state: "s-1") { outcomes.append($0) }
        _ = try #require(await get(listener.redirectURI + "?error=access_denied&state=s-1")).get()
        #expect(outcomes == [.denied("access_denied")])
        var late: [OAuthListener.Outcome] = []
        let waiting = try OAuthListener(state: "s-2", waitSeconds: 1) { late.append($0) }
        #expect(await pumpUntil(5) { !late.isEmpty })
        #expect(late == [.timedOut])
        _ = waiting
    }

    @Test func theChallengeIsSHA256OfTheVerifier() {
        // RFC 7636 appendix B.
        #expect(PKCE.challenge(of: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk") == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
        let one = PKCE(), two = PKCE()
        #expect(one.verifier.count == 43 && one.state.count == 22 && one.verifier != two.verifier && one.state != two.state)
    }
}
