import CGLib
import CSoup
import FeedGObject
import FeedHTTP
import Foundation

/// One GET of a feed page on the loader's SoupSession. GTK thread only.
///
/// Read through ``BoundedBodyRequest``: the body stops at the page limit
/// whether or not it announced its length, and one deadline covers the
/// whole exchange. `cancel()` stops it without an answer.
@MainActor
package final class FeedRequest {
    /// What came back, before parsing.
    package enum Outcome {
        case response(Response)
        case failure(FeedLoadError)
    }

    package struct Response {
        package var status: Int
        package var reason: String?
        package var body: Data
        /// After redirects.
        package var url: URL
        package var contentType: String?
        /// `Link`, `Retry-After`, `X-RateLimit-Reset` and `ETag`, by lowercased name.
        package var headers: [String: String] = [:]
    }

    /// What feed pages accept: the formats the page loader reads.
    package static let feedAccept = "application/feed+json, application/json, application/rss+xml, application/atom+xml, "
        + "application/xml;q=0.9, audio/x-mpegurl;q=0.9, */*;q=0.5"

    let url: URL
    private var exchange: BoundedBodyRequest?

    /// Starts the GET. Returns nil when libsoup will not take the URL.
    /// - Parameters:
    ///   - accept: the Accept header (default: the feed formats).
    ///   - headers: more request headers (`If-None-Match`), by name.
    ///   - followRedirects: false for a request carrying a token, which
    ///     must not reach another origin: a 3xx is then the answer.
    package init?(url: URL, session: GObjectRef, maxBytes: Int, timeoutSeconds: Int, accept: String = feedAccept,
          headers: [String: String] = [:], followRedirects: Bool = true, completion: @escaping (Outcome) -> Void) {
        guard let made = soup_message_new("GET", url.absoluteString),
              let message = GObjectRef(owning: UnsafeMutableRawPointer(made)) else { return nil }
        self.url = url
        let requestHeaders = soup_message_get_request_headers(made)
        soup_message_headers_replace(requestHeaders, "Accept", accept)
        for (name, value) in headers { soup_message_headers_replace(requestHeaders, name, value) }
        if !followRedirects { soup_message_add_flags(made, SOUP_MESSAGE_NO_REDIRECT) }
        // What the user waits on (the next page): first in its session's queue.
        soup_message_set_priority(made, SOUP_MESSAGE_PRIORITY_VERY_HIGH)
        exchange = BoundedBodyRequest(message: message, session: session, maxBytes: maxBytes,
                                      timeoutSeconds: timeoutSeconds) { outcome in
            switch outcome {
            case .response(let answer):
                completion(.response(Response(status: answer.status, reason: answer.reason, body: answer.body,
                                              url: answer.url ?? url, contentType: answer.contentType,
                                              headers: answer.headers)))
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
    package func cancel() {
        exchange?.cancel()
    }
}
