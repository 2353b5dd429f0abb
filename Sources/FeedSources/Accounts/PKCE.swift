import CGLib
import FeedCore

/// One sign-in's secrets for OAuth's authorization code flow (RFC 7636,
/// `S256`): the verifier kept here, its challenge sent with the
/// authorize page, and the `state` that ties the browser's answer to this
/// sign-in. Made from the system's random source (`getrandom`), 256 bits
/// for the verifier and 128 for the state.
public struct PKCE: Sendable, Equatable {
    public let verifier: String
    public let challenge: String
    public let state: String

    public init() {
        var random = SystemRandomNumberGenerator()
        let verifier = Base64URL.encode((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &random) })
        self.verifier = verifier
        challenge = Self.challenge(of: verifier)
        state = Base64URL.encode((0..<16).map { _ in UInt8.random(in: .min ... .max, using: &random) })
    }

    /// base64url(SHA-256(verifier)), through GLib's checksum.
    static func challenge(of verifier: String) -> String {
        guard let checksum = g_checksum_new(G_CHECKSUM_SHA256) else { return "" }
        defer { g_checksum_free(checksum) }
        let bytes = Array(verifier.utf8)
        g_checksum_update(checksum, bytes, gssize(bytes.count))
        var digest = [UInt8](repeating: 0, count: 32)
        var length = gsize(digest.count)
        g_checksum_get_digest(checksum, &digest, &length)
        return Base64URL.encode(Array(digest.prefix(Int(length))))
    }
}
