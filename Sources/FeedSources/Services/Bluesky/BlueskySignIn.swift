import FeedCore
import FeedGObject
import Foundation

/// Signs in to Bluesky with an app password, as Bluesky's own clients do:
/// `com.atproto.server.createSession` on the sign-in service (the
/// `bluesky-pds` key), which answers with the session's tokens and the
/// account's DID document; requests then go to the PDS that document
/// names (``BlueskyGrant``). Also refreshes a session
/// (`refreshSession`, sent the refresh token) and ends one
/// (`deleteSession`). The app password goes to the service once and is
/// never kept. GTK thread only; one operation per object.
@MainActor
public final class BlueskySignIn {
    public typealias Completion = @MainActor (Result<BlueskyGrant, SignInFailure>) -> Void

    /// The sign-in service, as checked (``FeedCore/BlueskyIdentity/checkedEndpoint(_:)``).
    private let service: String
    /// How the service is named in messages: its host.
    private let server: String
    private let session: GObjectRef
    private var call: ServiceCall?
    private var completion: Completion?

    /// Nil when `service` is not an https URL (or http on loopback) on a public host.
    public init?(service: String, session: GObjectRef) {
        guard case .success(let checked) = BlueskyIdentity.checkedEndpoint(service), let host = URL(string: checked)?.host
        else { return nil }
        self.service = checked
        server = host
        self.session = session
    }

    /// Signs in as `identifier` (a handle, a DID or the account's e-mail)
    /// with an app password.
    public func start(identifier: String, appPassword: String, completion: @escaping Completion) {
        self.completion = completion
        let body = try? JSONSerialization.data(withJSONObject: ["identifier": identifier, "password": appPassword])
        guard let url = URL(string: "\(service)/xrpc/com.atproto.server.createSession"), let body else {
            return finish(.failure(.unreachable(server: server, tr("not a usable address"))))
        }
        call = ServiceCall(.post, url, json: body, session: session) { [weak self] result in
            guard let self else { return }
            let server = self.server
            // Wrong credentials are a 401 (AuthenticationRequired); a 400 names what was malformed.
            let refused: (ServiceCall.Response) -> SignInFailure? = { [400, 401].contains($0.status) ? .wrongPassword(server: server) : nil }
            if let answer = SignInFailure.accepted(result, server: server, special: refused, else: fail) {
                finish(granted(answer.body, from: service))
            }
        }
    }

    /// Signs in as ``start(identifier:appPassword:completion:)`` does,
    /// answering with the account and token the ``AccountKeeper`` keeps.
    public func startAccount(identifier: String, appPassword: String,
                             completion: @escaping @MainActor (Result<(Account, AccountToken), SignInFailure>) -> Void) {
        start(identifier: identifier, appPassword: appPassword) { [server] result in
            completion(result.flatMap { grant in
                grant.account.map { .success($0) } ?? .failure(.badAnswer(server: server, tr("no account Bluesky names that way")))
            })
        }
    }

    /// Asks `grant`'s PDS for fresh tokens; ``SignInFailure/expired(server:)``
    /// when it no longer takes the refresh token.
    public func refresh(_ grant: BlueskyGrant, completion: @escaping Completion) {
        self.completion = completion
        guard let url = URL(string: "\(grant.pds)/xrpc/com.atproto.server.refreshSession") else {
            return finish(.failure(.expired(server: server)))
        }
        call = ServiceCall(.post, url, bearer: grant.refreshJwt, session: session) { [weak self] result in
            guard let self else { return }
            let server = self.server
            // ExpiredToken and InvalidToken are 400s (or 401s).
            let refused: (ServiceCall.Response) -> SignInFailure? = { [400, 401].contains($0.status) ? .expired(server: server) : nil }
            if let answer = SignInFailure.accepted(result, server: server, special: refused, else: fail) {
                // The same account, its document maybe moving it to another PDS.
                finish(granted(answer.body, from: grant.pds).flatMap { fresh in
                    fresh.did == grant.did ? .success(fresh)
                        : .failure(.badAnswer(server: server, tr("no account Bluesky names that way")))
                })
            }
        }
    }

    /// Ends `grant`'s session at its PDS (best effort); `completion` once answered or failed.
    public func signOut(_ grant: BlueskyGrant, completion: @escaping @MainActor () -> Void) {
        guard let url = URL(string: "\(grant.pds)/xrpc/com.atproto.server.deleteSession") else { return completion() }
        call = ServiceCall(.post, url, bearer: grant.refreshJwt, session: session) { [weak self] _ in
            self?.call = nil
            completion()
        }
    }

    /// Stops; the completion is not called.
    public func cancel() {
        completion = nil
        call?.cancel()
        call = nil
    }

    /// The grant an answer gives, or why none.
    private func granted(_ body: Data, from service: String) -> Result<BlueskyGrant, SignInFailure> {
        switch BlueskyGrant.read(body, service: service) {
        case .success(let grant): return .success(grant)
        case .failure(.noTokens): return .failure(.badAnswer(server: server, tr("no access and refresh tokens")))
        case .failure(.notAnAccount): return .failure(.badAnswer(server: server, tr("no account Bluesky names that way")))
        case .failure(.refusedPDS(let refusal)):
            // Translators: why the account's server was refused (stable English from the AT Protocol's rules).
            return .failure(.badAnswer(server: server, tr("its account server is refused: %1$s").filled(refusal.rawValue)))
        }
    }

    private func fail(_ failure: SignInFailure) { finish(.failure(failure)) }

    private func finish(_ result: Result<BlueskyGrant, SignInFailure>) {
        call = nil
        let completion = self.completion
        self.completion = nil
        completion?(result)
    }
}
