import CGLib
import CSoup
import FeedGObject
import Foundation

/// One GET of a feed page on the loader's SoupSession. GTK thread only.
///
/// Read through ``BoundedBodyRequest``: the body stops at the page limit
/// whether or not it announced its length, and one deadline covers the
/// whole exchange. `cancel()` stops it without an answer.
@MainActor
final class FeedRequest {
    /// What came back, before parsing.
    enum Outcome {
        case response(Response)
        case failure(FeedLoadError)
    }

    struct Response {
        var status: Int
        var reason: String?
        var body: Data
        /// After redirects.
        var url: URL
        var contentType: String?
    }

    let url: URL
    private var exchange: BoundedBodyRequest?

    /// Starts the GET. Returns nil when libsoup will not take the URL.
    init?(url: URL, session: GObjectRef, maxBytes: Int, timeoutSeconds: Int,
          completion: @escaping (Outcome) -> Void) {
        guard let made = soup_message_new("GET", url.absoluteString),
              let message = GObjectRef(owning: UnsafeMutableRawPointer(made)) else { return nil }
        self.url = url
        soup_message_headers_replace(soup_message_get_request_headers(made), "Accept",
                                    "application/feed+json, application/json, audio/x-mpegurl;q=0.9, */*;q=0.5")
        // What the user waits on (the next page): first in its session's queue.
        soup_message_set_priority(made, SOUP_MESSAGE_PRIORITY_VERY_HIGH)
        exchange = BoundedBodyRequest(message: message, session: session, maxBytes: maxBytes,
                                      timeoutSeconds: timeoutSeconds) { outcome in
            switch outcome {
            case .response(let answer):
                completion(.response(Response(status: answer.status, reason: answer.reason, body: answer.body,
                                              url: answer.url ?? url, contentType: answer.contentType)))
            case .tooLarge(let bytes):
                completion(.failure(.tooLarge(bytes: bytes, limit: maxBytes)))
            case .timedOut:
                completion(.failure(.timedOut(seconds: timeoutSeconds)))
            case .failed(let failure) where failure.code == .tlsError:
                completion(.failure(.tls(failure.message)))
            case .failed(let failure):
                completion(.failure(.network(failure.message)))
            }
        }
    }

    /// Stops the request; its completion will not be called. Idempotent.
    func cancel() {
        exchange?.cancel()
    }
}
