import CGLib
import CSoup
import FeedCore
import FeedGObject

/// Why a request got no answer, read once from libsoup's GError (and, for
/// TLS, the message's certificate problems), so every caller — feed pages,
/// likes, media ranges, pictures — names the same failure the same way.
/// A plain value; made on the GTK thread.
public struct TransportFailure: Error, Sendable, Equatable {
    /// `.timeout`, `.networkUnavailable`, `.tlsError` or `.unknown`.
    public var code: ErrorCode
    /// One line for people: GIO's text, or for TLS what is wrong with the certificate.
    public var message: String

    public init(code: ErrorCode, message: String) {
        self.code = code
        self.message = message
    }

    /// Classifies `error` (not freed here). `message` is the SoupMessage
    /// that failed, asked for its certificate problems on a TLS error.
    package init(_ error: UnsafeMutablePointer<GError>, message soupMessage: OpaquePointer?) {
        let text = String(cString: error.pointee.message)
        let domain = error.pointee.domain
        let value = error.pointee.code
        func isIO(_ expected: GIOErrorEnum) -> Bool { domain == g_io_error_quark() && value == Int32(expected.rawValue) }
        if domain == g_tls_error_quark() {
            let flags = soupMessage.map { soup_message_get_tls_peer_certificate_errors($0) } ?? GTlsCertificateFlags(0)
            let problems = Self.certificateProblems(flags)
            code = .tlsError
            message = problems.isEmpty ? tr("TLS failed: %1$s").filled(text)
                : tr("the server's certificate is not trusted: %1$s").filled(problems.joined(separator: tr(", ")))
        } else if isIO(G_IO_ERROR_TIMED_OUT) {
            code = .timeout
            message = text
        } else if isIO(G_IO_ERROR_NETWORK_UNREACHABLE) || isIO(G_IO_ERROR_HOST_UNREACHABLE)
                    || isIO(G_IO_ERROR_CONNECTION_REFUSED) || domain == g_resolver_error_quark() {
            code = .networkUnavailable
            message = text
        } else {
            code = .unknown
            message = text
        }
    }

    /// GTlsCertificateFlags as words.
    static func certificateProblems(_ flags: GTlsCertificateFlags) -> [String] {
        let names: [(GTlsCertificateFlags, String)] = [
            (G_TLS_CERTIFICATE_UNKNOWN_CA, tr("it is not signed by a known certificate authority")),
            (G_TLS_CERTIFICATE_BAD_IDENTITY, tr("it is for another site")),
            (G_TLS_CERTIFICATE_NOT_ACTIVATED, tr("it is not valid yet")),
            (G_TLS_CERTIFICATE_EXPIRED, tr("it has expired")),
            (G_TLS_CERTIFICATE_REVOKED, tr("it has been revoked")),
            (G_TLS_CERTIFICATE_INSECURE, tr("it uses an insecure algorithm")),
            (G_TLS_CERTIFICATE_GENERIC_ERROR, tr("it could not be checked")),
        ]
        return names.filter { flags.rawValue & $0.0.rawValue != 0 }.map(\.1)
    }
}
