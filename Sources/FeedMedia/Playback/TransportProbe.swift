import CGLib
import CSoup
import FeedCore
import FeedGObject
import FeedHTTP
import Foundation

/// Asks an http(s) address for one byte on the app's own libsoup session,
/// to say why GStreamer could not play it. GTK thread only.
///
/// Why: when souphttpsrc (HLS, and videos played straight from the
/// network) cannot connect, GStreamer 1.22 posts only "Internal data
/// stream error" — an untrusted certificate or a refused connection reads
/// as a stream GStreamer could not make sense of. A player whose direct
/// http(s) stream failed before its first frame asks this probe; what it
/// learns (TLS, the network, an HTTP status) is the failure to report.
@MainActor
final class TransportProbe {
    private var exchange: BoundedBodyRequest?

    /// Starts the probe; `done` gets the transport's failure, or nil when
    /// the server answered fine (the stream itself is at fault).
    init?(url: URL, done: @escaping @MainActor (FetchFailure?) -> Void) {
        guard MediaLocation(url.absoluteString).isNetwork,
              let made = soup_message_new("GET", url.absoluteString),
              let message = GObjectRef(owning: UnsafeMutableRawPointer(made)) else { return nil }
        soup_message_headers_set_range(soup_message_get_request_headers(made), 0, 0)
        exchange = BoundedBodyRequest(message: message, session: HTTPSessions.standalone(), maxBytes: 64 * 1024,
                                      timeoutSeconds: 10) { outcome in
            switch outcome {
            case .failed(let failure):
                done(FetchFailure(code: failure.code, message: failure.message))
            case .timedOut:
                done(FetchFailure(code: .timeout, message: "\(url.absoluteString) did not answer"))
            case .response(let answer):
                let code = ErrorCode.forHTTPStatus(answer.status)
                done(code.map { FetchFailure(code: $0, httpStatus: answer.status, message: "HTTP \(answer.status)") })
            case .tooLarge:
                done(nil)
            }
        }
    }

    func cancel() {
        exchange?.cancel()
        exchange = nil
    }

    /// Whether a failure of a binding of `uri` is worth probing: a direct
    /// http(s) stream (not the cache's, which knows its transport) that
    /// failed before its first frame with a code that names no cause.
    static func worthProbing(_ uri: String?, _ failure: PlayerFailure, prerolled: Bool) -> URL? {
        guard !prerolled, let uri, let url = URL(string: uri),
              MediaLocation(uri).isNetwork,
              [.unsupportedFormat, .playerFailed, .unknown].contains(failure.code) else { return nil }
        return url
    }
}
