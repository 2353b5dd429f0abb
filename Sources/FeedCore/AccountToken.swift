// Pure: values only, imports Foundation at most.

/// What the keyring keeps for one account: the tokens and the client
/// they were issued to (a refresh and a revoke need it). Never the
/// password. Stored as JSON; read back, it is checked like any answer.
public struct AccountToken: Sendable, Equatable, Codable {
    public var accessToken: String
    /// PeerTube's; Mastodon's tokens do not expire and have none.
    public var refreshToken: String?
    /// When the access token stops working, seconds since 1970; nil: never said.
    public var expiresAt: Double?
    public var clientID: String
    public var clientSecret: String
    /// Bluesky's: the account's DID, the repository its likes are written to.
    public var did: String?

    public init(accessToken: String, refreshToken: String? = nil, expiresAt: Double? = nil,
                clientID: String, clientSecret: String, did: String? = nil) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.did = did
    }

    /// The longest token, client id or secret kept, in bytes.
    public static let maxPartBytes = 4_096
    /// Refreshed this long before its expiry, in seconds.
    public static let refreshMarginSeconds = 60.0

    /// Whether every part is printable ASCII within ``maxPartBytes`` (they
    /// go into headers and form bodies) and the expiry is a time.
    public var isValid: Bool {
        let parts = [accessToken, clientID, clientSecret] + (refreshToken.map { [$0] } ?? [])
        return !accessToken.isEmpty && !clientID.isEmpty
            && parts.allSatisfy { part in
                part.utf8.count <= Self.maxPartBytes && part.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }
            }
            && (expiresAt.map { $0.isFinite && $0 > 0 } ?? true)
            && (did.map { BlueskyAddress.isDID($0) } ?? true)
    }

    /// Whether to refresh before using it at `now` (seconds since 1970):
    /// it has a refresh token and expires within the margin.
    public func needsRefresh(now: Double) -> Bool {
        guard refreshToken != nil, let expiresAt else { return false }
        return now >= expiresAt - Self.refreshMarginSeconds
    }

    /// The expiry for a token issued at `now` that lives `expiresIn`
    /// seconds (a server's number: nil unless 1 s to a year).
    public static func expiry(now: Double, expiresIn: Double?) -> Double? {
        guard let expiresIn, expiresIn.isFinite, (1...31_536_000).contains(expiresIn) else { return nil }
        return now + expiresIn
    }
}
