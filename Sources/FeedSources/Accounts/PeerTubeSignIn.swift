import FeedCore
import FeedGObject
import Foundation

/// Signs in to a PeerTube instance with its own OAuth: the instance's
/// client (`GET /api/v1/oauth-clients/local`), then the password grant
/// (`POST /api/v1/users/token`), then who signed in (`GET
/// /api/v1/users/me`). The password goes to the instance once and is
/// never kept. Also refreshes a token (the refresh grant) and revokes
/// one. GTK thread only; one operation per object.
///
/// A two-factor account answers the password grant with a 401 and an
/// `x-peertube-otp: required` header: the failure is ``SignInFailure/needsCode(server:)``
/// and the caller asks again with `code`.
@MainActor
public final class PeerTubeSignIn {
    public typealias Completion = @MainActor (Result<(Account, AccountToken), SignInFailure>) -> Void

    private let server: String
    private let base: URL
    private let session: GObjectRef
    private var call: ServiceCall?
    private var completion: Completion?

    public init?(server: String, session: GObjectRef) {
        guard let normalized = ServiceAddress.normalizedServer(server),
              let base = URL(serverBase: normalized) else { return nil }
        self.server = normalized
        self.base = base
        self.session = session
    }

    /// Signs in as `user` with `password` (and a two-factor `code` when asked).
    public func start(user: String, password: String, code: String? = nil, completion: @escaping Completion) {
        self.completion = completion
        call = ServiceCall(.get, url("/api/v1/oauth-clients/local"), session: session) { [weak self] result in
            guard let self else { return }
            if let answer = SignInFailure.accepted(result, server: server, else: fail) {
                guard let client = AccountAPI.decode(AccountAPI.Client.self, answer.body) else {
                    finish(.failure(.badAnswer(server: server, tr("no client id"))))
                    return
                }
                var headers: [String: String] = [:]
                if let code, !code.isEmpty { headers["x-peertube-otp"] = code }
                call = ServiceCall(.post, url("/api/v1/users/token"),
                                   form: [("client_id", client.clientId), ("client_secret", client.clientSecret),
                                          ("grant_type", "password"), ("response_type", "code"),
                                          ("username", user), ("password", password)],
                                   headers: headers, session: session) { [weak self] result in
                    self?.granted(result, client: client, hadCode: code != nil)
                }
            }
        }
    }

    /// Asks for a fresh token with `token`'s refresh token.
    public func refresh(_ token: AccountToken, account: Account, completion: @escaping Completion) {
        self.completion = completion
        guard let refresh = token.refreshToken else {
            finish(.failure(.expired(server: server)))
            return
        }
        let client = AccountAPI.Client(clientId: token.clientID, clientSecret: token.clientSecret)
        call = ServiceCall(.post, url("/api/v1/users/token"),
                           form: [("client_id", token.clientID), ("client_secret", token.clientSecret),
                                  ("grant_type", "refresh_token"), ("refresh_token", refresh)],
                           session: session) { [weak self] result in
            guard let self else { return }
            let server = self.server
            // A refresh token refused: the account has to sign in again.
            let refused: (ServiceCall.Response) -> SignInFailure? = { [400, 401].contains($0.status) ? .expired(server: server) : nil }
            if let answer = SignInFailure.accepted(result, server: server, special: refused, else: fail) {
                guard let fresh = AccountAPI.token(answer.body, client: client, now: Date().timeIntervalSince1970,
                                                   keepRefresh: refresh) else {
                    finish(.failure(.badAnswer(server: server, tr("no access token"))))
                    return
                }
                finish(.success((account, fresh)))
            }
        }
    }

    /// Stops; the completion is not called.
    public func cancel() {
        completion = nil
        call?.cancel()
        call = nil
    }

    private func granted(_ result: Result<ServiceCall.Response, ServiceCall.Failure>, client: AccountAPI.Client, hadCode: Bool) {
        let server = self.server
        let refused: (ServiceCall.Response) -> SignInFailure? = { answer in
            if answer.status == 401, (answer.headers["x-peertube-otp"] ?? "").contains("required") { return .needsCode(server: server) }
            guard [400, 401, 403].contains(answer.status) else { return nil }
            // A wrong two-factor code is a 403 (or a 400) naming it; anything else is the password.
            let error = AccountAPI.decode(AccountAPI.ErrorAnswer.self, answer.body)
            return hadCode && error?.code == "invalid_two_factor" ? .needsCode(server: server) : .wrongPassword(server: server)
        }
        if let answer = SignInFailure.accepted(result, server: server, special: refused, else: fail) {
            guard let token = AccountAPI.token(answer.body, client: client, now: Date().timeIntervalSince1970) else {
                finish(.failure(.badAnswer(server: server, tr("no access token"))))
                return
            }
            call = ServiceCall(.get, url("/api/v1/users/me"), bearer: token.accessToken, session: session) { [weak self] result in
                guard let self else { return }
                if let answer = SignInFailure.accepted(result, server: server, else: fail) {
                    guard let me = AccountAPI.decode(AccountAPI.PeerTubeMe.self, answer.body),
                          let account = Account.checked(service: .peertube, server: server, name: me.username,
                                                        displayName: me.account?.displayName ?? "") else {
                        finish(.failure(.badAnswer(server: server, tr("no user name"))))
                        return
                    }
                    finish(.success((account, token)))
                }
            }
        }
    }

    private func fail(_ failure: SignInFailure) { finish(.failure(failure)) }

    private func finish(_ result: Result<(Account, AccountToken), SignInFailure>) {
        call = nil
        let completion = self.completion
        self.completion = nil
        completion?(result)
    }

    private func url(_ path: String) -> URL {
        base.appendingPathComponent(String(path.dropFirst()))
    }
}
