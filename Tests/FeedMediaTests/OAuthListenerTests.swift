import CGLib
import FeedCore
@testable import FeedDemo
@testable import FeedHTTP
@testable import FeedMedia
@testable import FeedSources
import FlickTestSupport
import Foundation
import Testing

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

    /// GETs `url` from another process (Python's HTTP client, as a browser
    /// would: its own connection, read to the end), the main loop turning
    /// meanwhile; what it printed: the status, then the page.
    func getFromAnotherProcess(_ url: String) async throws -> String {
        let client = Process()
        client.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        client.arguments = ["-c", """
            import http.client, sys, urllib.parse
            url = urllib.parse.urlsplit(sys.argv[1])
            connection = http.client.HTTPConnection(url.hostname, url.port, timeout=10)
            connection.request("GET", url.path + "?" + url.query, headers={"Connection": "keep-alive"})
            answer = connection.getresponse()
            print(answer.status)
            print(answer.read().decode())
            """, url]
        let output = Pipe()
        client.standardOutput = output
        client.standardError = output
        try client.run()
        #expect(await pumpUntil(15) { !client.isRunning }, "the client finished")
        return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    @Test("the signed-in page reaches a browser whole before the listener closes")
    func thePageReachesTheBrowser() async throws {
        for (query, words) in [("?code=c&state=s-9", "Flick is signed in. You can close this tab."),
                               ("?error=access_denied&state=s-9", "The sign-in was refused. You can close this tab.")] {
            var outcomes: [OAuthListener.Outcome] = []
            // The sign-in lets go of its listener as soon as it has the answer.
            var listener: OAuthListener?
            listener = try OAuthListener(state: "s-9") {
                outcomes.append($0)
                listener = nil
            }
            let address = try #require(listener?.redirectURI)
            let printed = try await getFromAnotherProcess(address + query)
            #expect(printed.hasPrefix("200\n") && printed.contains("<p>\(words)</p></body></html>"), "\(printed)")
            #expect(outcomes.count == 1)
            // Then it closes: another request reaches nobody.
            let again = await get(address + query)
            if case .success(let response)? = again { Issue.record("a second request was answered: \(response.status)") }
        }
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
