import FeedCore
import FeedGObject
import Foundation

/// Signs in to a Mastodon, Pixelfed or Loops server the way native apps
/// do (OAuth 2.0 authorization code with PKCE `S256`, RFC 8252's loopback
/// redirect), through the user's browser. GTK thread only; one sign-in
/// per object.
///
/// 1. Listens on `http://127.0.0.1:PORT/callback` (``OAuthListener``).
/// 2. Registers Flick with the server for that redirect (`POST
///    /api/v1/apps`; the port is new each time, and servers compare
///    redirects whole, so a registration serves one sign-in). Loops takes
///    its redirects as a list (`redirect_uris[]`) and no scopes there.
/// 3. Has the browser open the authorize page (`openBrowser`).
/// 4. Exchanges the code with the verifier (`POST /oauth/token`).
/// 5. Asks who signed in (Mastodon's and Pixelfed's
///    `GET /api/v1/accounts/verify_credentials`, Loops's
///    `GET /api/v1/account/info/self`).
///
/// `cancel()` stops every step; the completion is then never called.
@MainActor
public final class BrowserSignIn {
    public typealias Completion = @MainActor (Result<(Account, AccountToken), SignInFailure>) -> Void

    /// The scopes Flick asks Mastodon for: reading, and favourites and bookmarks.
    public static let scopes = "read write:favourites write:bookmarks"

    /// The scopes Flick asks `service` for (Pixelfed's are coarse; Loops's
    /// routes need a token of any scope).
    public static func scopes(of service: ServiceAddress.Service) -> String {
        switch service {
        case .pixelfed: "read write"
        case .loops: "user:read video:read"
        case .mastodon, .peertube, .bluesky, .lemmy: scopes
        }
    }

    private let service: ServiceAddress.Service
    private let server: String
    private let base: URL
    private let session: GObjectRef
    private let pkce = PKCE()
    private var listener: OAuthListener?
    private var call: ServiceCall?
    private var client: AccountAPI.Client?
    private var completion: Completion?

    /// - Parameter server: `HOST[:PORT]` (https, or http on loopback).
    ///   `service`: Mastodon, Pixelfed or Loops.
    public init?(service: ServiceAddress.Service = .mastodon, server: String, session: GObjectRef) {
        guard [.mastodon, .pixelfed, .loops].contains(service), let normalized = ServiceAddress.normalizedServer(server),
              let base = URL(serverBase: normalized) else { return nil }
        self.service = service
        self.server = normalized
        self.base = base
        self.session = session
    }

    /// Starts; `openBrowser` is asked to show the authorize page once.
    public func start(openBrowser: @escaping @MainActor (URL) -> Void, completion: @escaping Completion) {
        self.completion = completion
        do {
            listener = try OAuthListener(state: pkce.state) { [weak self] outcome in self?.answered(outcome) }
        } catch {
            finish(.failure(.listen(error.reason)))
            return
        }
        guard let redirect = listener?.redirectURI else { return }
        let form: [(String, String)] = service == .loops
            ? [("client_name", "Flick"), ("redirect_uris[]", redirect)]
            : [("client_name", "Flick"), ("redirect_uris", redirect), ("scopes", Self.scopes(of: service)),
               ("website", "https://github.com/flick/flick")]
        call = ServiceCall(.post, url("/api/v1/apps"), form: form, session: session) { [weak self] result in
            self?.registered(result, redirect: redirect, openBrowser: openBrowser)
        }
    }

    /// Stops the sign-in; the completion is not called.
    public func cancel() {
        completion = nil
        listener?.cancel()
        listener = nil
        call?.cancel()
        call = nil
    }

    private func registered(_ result: Result<ServiceCall.Response, ServiceCall.Failure>, redirect: String,
                            openBrowser: @MainActor (URL) -> Void) {
        let server = self.server
        let refusal: (ServiceCall.Response) -> SignInFailure? = { answer in
            // Mastodon names a redirect it will not take in a 422 ("redirect_uri … invalid").
            guard answer.status == 422 else { return nil }
            let text = String(decoding: answer.body.prefix(2_000), as: UTF8.self).lowercased()
            return text.contains("redirect") ? .loopbackRefused(server: server) : .status(server: server, 422)
        }
        if let answer = SignInFailure.accepted(result, server: server, special: refusal, else: fail) {
            guard let client = AccountAPI.decode(AccountAPI.Client.self, answer.body),
                  AccountToken(accessToken: "x", clientID: client.clientId, clientSecret: client.clientSecret).isValid,
                  var components = URLComponents(url: url("/oauth/authorize"), resolvingAgainstBaseURL: false) else {
                finish(.failure(.badAnswer(server: server, tr("no client id"))))
                return
            }
            self.client = client
            components.queryItems = [
                URLQueryItem(name: "response_type", value: "code"),
                URLQueryItem(name: "client_id", value: client.clientId),
                URLQueryItem(name: "redirect_uri", value: redirect),
                URLQueryItem(name: "scope", value: Self.scopes(of: service)),
                URLQueryItem(name: "state", value: pkce.state),
                URLQueryItem(name: "code_challenge", value: pkce.challenge),
                URLQueryItem(name: "code_challenge_method", value: "S256"),
            ]
            guard let authorize = components.url else { return }
            openBrowser(authorize)
        }
    }

    private func fail(_ failure: SignInFailure) { finish(.failure(failure)) }

    private func answered(_ outcome: OAuthListener.Outcome) {
        let redirect = listener?.redirectURI ?? ""
        listener = nil
        switch outcome {
        case .timedOut: finish(.failure(.timedOut(server: server)))
        case .denied: finish(.failure(.denied(server: server)))
        case .code(let code):
            guard let client else { return }
            call = ServiceCall(.post, url("/oauth/token"),
                               form: [("grant_type", "authorization_code"), ("code", code),
                                      ("client_id", client.clientId), ("client_secret", client.clientSecret),
                                      ("redirect_uri", redirect), ("code_verifier", pkce.verifier),
                                      ("scope", Self.scopes(of: service))],
                               session: session) { [weak self] result in self?.exchanged(result, client: client) }
        }
    }

    private func exchanged(_ result: Result<ServiceCall.Response, ServiceCall.Failure>, client: AccountAPI.Client) {
        if let answer = SignInFailure.accepted(result, server: server, else: fail) {
            guard let token = AccountAPI.token(answer.body, client: client, now: Date().timeIntervalSince1970) else {
                finish(.failure(.badAnswer(server: server, tr("no access token"))))
                return
            }
            let whoAmI = service == .loops ? "/api/v1/account/info/self" : "/api/v1/accounts/verify_credentials"
            call = ServiceCall(.get, url(whoAmI), bearer: token.accessToken,
                               session: session) { [weak self] result in self?.verified(result, token: token) }
        }
    }

    private func verified(_ result: Result<ServiceCall.Response, ServiceCall.Failure>, token: AccountToken) {
        if let answer = SignInFailure.accepted(result, server: server, else: fail) {
            let me = service == .loops ? AccountAPI.decode(AccountAPI.LoopsSelf.self, answer.body)?.me
                : AccountAPI.decode(AccountAPI.MastodonCredentials.self, answer.body)
            guard let me, let account = Account.checked(service: service, server: server, name: me.username,
                                                displayName: me.displayName ?? "") else {
                finish(.failure(.badAnswer(server: server, tr("no user name"))))
                return
            }
            finish(.success((account, token)))
        }
    }

    private func finish(_ result: Result<(Account, AccountToken), SignInFailure>) {
        call = nil
        listener?.cancel()
        listener = nil
        let completion = self.completion
        self.completion = nil
        completion?(result)
    }

    private func url(_ path: String) -> URL {
        base.appendingPathComponent(String(path.dropFirst()))
    }
}
