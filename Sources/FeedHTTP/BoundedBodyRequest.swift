import CGLib
import CSoup
import FeedGObject
import Foundation

/// One HTTP request whose answer is read into memory, bounded in size and
/// in time: feed pages and like answers. GTK thread only.
///
/// The body is read chunk by chunk (`soup_session_send_async`, then
/// `g_input_stream_read_bytes_async`) and counted as it arrives, so a body
/// over `maxBytes` stops at the limit whether or not it announced a
/// Content-Length (a chunked body that never ends included). One deadline
/// covers the whole exchange, headers and body. `cancel()` stops it without
/// an answer; GIO still calls back (with "cancelled"), and that is swallowed.
@MainActor
package final class BoundedBodyRequest {
    /// How the exchange ended.
    package enum Outcome {
        case response(Response)
        /// The body would pass the limit: the declared length, or the bytes
        /// counted when it passed.
        case tooLarge(bytes: Int)
        /// The deadline passed first.
        case timedOut
        case failed(TransportFailure)
    }

    /// A whole answer within the limits.
    package struct Response {
        package var status: Int
        package var reason: String?
        package var body: Data
        /// After redirects.
        package var url: URL?
        package var contentType: String?
        /// The headers the feed sources read (`Link`, `Retry-After`,
        /// `X-RateLimit-Reset`, `ETag`), by lowercased name, each cut to
        /// ``maxHeaderBytes``.
        package var headers: [String: String] = [:]
    }

    /// The response headers kept, by lowercased name.
    static let keptHeaders = ["link", "retry-after", "x-ratelimit-reset", "ratelimit-reset", "etag", "x-peertube-otp"]
    /// The longest header value kept, in bytes.
    static let maxHeaderBytes = 8 * 1024

    /// Bytes asked of the body stream per read.
    static let chunkBytes = 64 * 1024

    private let session: GObjectRef
    private let message: GObjectRef
    private let cancellable: GObjectRef
    private let maxBytes: Int
    private var stream: GObjectRef?
    private var body = Data()
    private var deadline: MainLoopSource?
    /// Why this side stopped the exchange, if it did.
    private var stopped: Outcome?
    private var completion: ((Outcome) -> Void)?

    /// Sends `message` (a SoupMessage, one reference taken) on `session`.
    package init(message: GObjectRef, session: GObjectRef, maxBytes: Int, timeoutSeconds: Int,
         completion: @escaping (Outcome) -> Void) {
        self.session = session
        self.message = message
        self.maxBytes = maxBytes
        self.completion = completion
        cancellable = GObjectRef(owning: UnsafeMutableRawPointer(g_cancellable_new()))!
        deadline = MainLoopSource.after(milliseconds: UInt32(clamping: max(1, timeoutSeconds)) &* 1000) { [weak self] in
            self?.stop(.timedOut)
        }
        soup_session_send_async(session.pointer(as: SoupSession.self), soupMessage, G_PRIORITY_DEFAULT,
                                gCancellable, AsyncReady.callback, AsyncReady.userData { [self] in sent($0) })
    }

    private var soupMessage: OpaquePointer { OpaquePointer(message.raw) }
    private var gCancellable: UnsafeMutablePointer<GCancellable> { cancellable.pointer(as: GCancellable.self) }

    /// Stops the exchange; the completion is not called. Idempotent.
    package func cancel() {
        completion = nil
        deadline?.cancel()
        deadline = nil
        g_cancellable_cancel(gCancellable)
    }

    private func stop(_ outcome: Outcome) {
        guard stopped == nil else { return }
        stopped = outcome
        g_cancellable_cancel(gCancellable)
    }

    private func finish(_ outcome: Outcome) {
        deadline?.cancel()
        deadline = nil
        stream = nil
        guard let completion else { return }
        self.completion = nil
        completion(outcome)
    }

    /// Ends on a GError (freed here) or on this side's stop; true when it ended.
    private func endedOnFailure(_ error: UnsafeMutablePointer<GError>?) -> Bool {
        if let stopped {
            if let error { g_error_free(error) }
            finish(stopped)
            return true
        }
        guard let error else { return false }
        let failure = TransportFailure(error, message: soupMessage)
        g_error_free(error)
        finish(failure.code == .timeout ? .timedOut : .failed(failure))
        return true
    }

    private func sent(_ result: OpaquePointer?) {
        var error: UnsafeMutablePointer<GError>?
        let input = soup_session_send_finish(session.pointer(as: SoupSession.self), result, &error)
        let opened = GObjectRef(owning: input.map { UnsafeMutableRawPointer($0) })
        if endedOnFailure(error) { return }
        let headers = soup_message_get_response_headers(soupMessage)
        if soup_message_headers_get_encoding(headers) == SOUP_ENCODING_CONTENT_LENGTH {
            let declared = Int(clamping: soup_message_headers_get_content_length(headers))
            if declared > maxBytes {
                finish(.tooLarge(bytes: declared))
                return
            }
        }
        stream = opened
        readNext()
    }

    private func readNext() {
        guard let stream else { return }
        g_input_stream_read_bytes_async(stream.pointer(as: GInputStream.self), gsize(Self.chunkBytes), G_PRIORITY_DEFAULT,
                                        gCancellable, AsyncReady.callback, AsyncReady.userData { [self] in read($0) })
    }

    private func read(_ result: OpaquePointer?) {
        guard let stream else { return }
        var error: UnsafeMutablePointer<GError>?
        let bytes = g_input_stream_read_bytes_finish(stream.pointer(as: GInputStream.self), result, &error)
        defer { if let bytes { g_bytes_unref(bytes) } }
        if endedOnFailure(error) { return }
        var size: gsize = 0
        guard let data = bytes.flatMap({ g_bytes_get_data($0, &size) }), size > 0 else {
            finish(.response(response()))
            return
        }
        guard body.count + Int(size) <= maxBytes else {
            finish(.tooLarge(bytes: body.count + Int(size)))
            g_cancellable_cancel(gCancellable)
            return
        }
        body.append(data.assumingMemoryBound(to: UInt8.self), count: Int(size))
        readNext()
    }

    private func response() -> Response {
        let status = Int(soup_message_get_status(soupMessage).rawValue)
        let reason = soup_message_get_reason_phrase(soupMessage).map { String(cString: $0) }
        let contentType = soup_message_headers_get_content_type(soup_message_get_response_headers(soupMessage), nil)
            .map { String(cString: $0) }
        let responseHeaders = soup_message_get_response_headers(soupMessage)
        var kept: [String: String] = [:]
        for name in Self.keptHeaders {
            // get_list joins repeated headers with ", ", as RFC 9110 allows.
            guard let value = soup_message_headers_get_list(responseHeaders, name) else { continue }
            kept[name] = String(decoding: String(cString: value).utf8.prefix(Self.maxHeaderBytes), as: UTF8.self)
        }
        return Response(status: status, reason: reason, body: body, url: finalURL(), contentType: contentType,
                        headers: kept)
    }

    /// The message's URI after redirects.
    private func finalURL() -> URL? {
        guard let uri = soup_message_get_uri(soupMessage), let text = g_uri_to_string(uri) else { return nil }
        defer { g_free(text) }
        return URL(string: String(cString: text))
    }
}
