import FeedCore
import Foundation

/// What signing in to Bluesky with an app password gives: who signed in
/// (DID and handle), the PDS their requests go to (from the DID document
/// the answer carries, checked as ``FeedCore/BlueskyIdentity`` checks it;
/// else the sign-in service), and the session's two tokens. The tokens
/// are opaque strings, never parsed for trust; they are checked as every
/// token is (printable ASCII, 4 KiB at most each). Pure; any thread.
public struct BlueskyGrant: Sendable, Equatable {
    public var did: String
    public var handle: String
    /// `https://HOST[:PORT]` (http on loopback), no trailing slash.
    public var pds: String
    public var accessJwt: String
    public var refreshJwt: String

    /// The `createSession` or `refreshSession` answer `body`, from the
    /// service at `service`; nil when a part is missing or not what the
    /// lexicon says. A DID document naming a PDS Flick may not ask is an
    /// error with its reason.
    static func read(_ body: Data, service: String) -> Result<BlueskyGrant, GrantProblem> {
        struct Answer: Decodable {
            var accessJwt: String
            var refreshJwt: String
            var handle: String
            var did: String
        }
        guard let answer = try? JSONDecoder().decode(Answer.self, from: body) else { return .failure(.noTokens) }
        let token = AccountToken(accessToken: answer.accessJwt, refreshToken: answer.refreshJwt, clientID: "bluesky", clientSecret: "-")
        guard token.isValid, !answer.refreshJwt.isEmpty else { return .failure(.noTokens) }
        guard BlueskyAddress.isDID(answer.did), let handle = BlueskyAddress.normalizedActor(answer.handle),
              !handle.hasPrefix("did:") else { return .failure(.notAnAccount) }
        var pds = service
        // The answer's DID document, when there is one, says where the account lives.
        if let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any], let document = object["didDoc"],
           JSONSerialization.isValidJSONObject(document), let data = try? JSONSerialization.data(withJSONObject: document) {
            switch BlueskyIdentity.pds(in: data, did: answer.did) {
            case .success(let named): pds = named
            case .failure(.noPDS): break
            case .failure(let refusal): return .failure(.refusedPDS(refusal))
            }
        }
        return .success(BlueskyGrant(did: answer.did, handle: handle, pds: pds, accessJwt: answer.accessJwt,
                                     refreshJwt: answer.refreshJwt))
    }

    /// Why an answer gave no grant.
    enum GrantProblem: Error, Equatable {
        /// No access and refresh tokens Flick can keep.
        case noTokens
        /// No DID or handle of the AT Protocol's syntax.
        case notAnAccount
        /// The DID document names a PDS no token may go to.
        case refusedPDS(BlueskyIdentity.Refusal)
    }
}

extension BlueskyGrant {
    /// The account and token the keeper holds for this session: named by
    /// its handle on its PDS, the DID kept with the tokens. Nil when the
    /// PDS is not a server an account can name.
    public var account: (Account, AccountToken)? {
        guard let url = URL(string: pds), let host = url.host,
              let server = ServiceAddress.normalizedServer(host + (url.port.map { ":\($0)" } ?? "")),
              let account = Account.checked(service: .bluesky, server: server, name: handle, displayName: "") else { return nil }
        let token = AccountToken(accessToken: accessJwt, refreshToken: refreshJwt,
                                 expiresAt: Self.expiry(of: accessJwt, now: Date().timeIntervalSince1970),
                                 clientID: "bluesky", clientSecret: "-", did: did)
        return token.isValid ? (account, token) : nil
    }

    /// When `jwt` stops working, from its `exp` claim (seconds since 1970):
    /// read only to refresh the session in time, never to trust the token;
    /// nil when it does not say, or says something more than a year off.
    static func expiry(of jwt: String, now: Double) -> Double? {
        let parts = jwt.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[1].utf8.count <= 4_096 else { return nil }
        var text = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while text.count % 4 != 0 { text += "=" }
        guard let data = Data(base64Encoded: text),
              let claims = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let exp = (claims["exp"] as? NSNumber)?.doubleValue, exp.isFinite,
              abs(exp - now) < 31_536_000 else { return nil }
        return exp
    }

    /// The session an account's keyring entry holds; nil when it is not a Bluesky one.
    public init?(account: Account, token: AccountToken) {
        guard account.service == .bluesky, let did = token.did, let refresh = token.refreshToken,
              let pds = ServiceAddress.baseURL(ofServer: account.server) else { return nil }
        self.init(did: did, handle: account.name, pds: pds, accessJwt: token.accessToken, refreshJwt: refresh)
    }
}
