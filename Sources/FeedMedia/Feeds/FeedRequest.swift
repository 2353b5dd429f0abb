import CGLib
import CSoup
import Foundation

/// One GET of a feed page on the loader's SoupSession. GTK thread only.
///
/// The body is read whole with `soup_session_send_and_read_async`; a
/// Content-Length over the page limit stops the download when the headers
/// arrive, and a deadline stops a server that never finishes. `cancel()`
/// stops it without an answer: libsoup still calls back (with "cancelled"),
/// and that call is swallowed here.
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
    private let session: GObjectRef
    private let message: GObjectRef
    private let cancellable: GObjectRef
    private var headersHandler: SignalConnection?
    private var deadline: MainLoopSource?
    /// Why this side stopped the download, if it did.
    private var stopReason: FeedLoadError?
    /// Set until the request finishes or is cancelled.
    private var completion: ((Outcome) -> Void)?

    /// Starts the GET. Returns nil when libsoup will not take the URL.
    init?(url: URL, session: GObjectRef, maxBytes: Int, timeoutSeconds: Int,
          completion: @escaping (Outcome) -> Void) {
        guard let made = soup_message_new("GET", url.absoluteString),
              let message = GObjectRef(owning: UnsafeMutableRawPointer(made)),
              let cancellable = GObjectRef(owning: UnsafeMutableRawPointer(g_cancellable_new())) else { return nil }
        self.url = url
        self.session = session
        self.message = message
        self.cancellable = cancellable
        self.completion = completion

        let headers = soup_message_get_request_headers(made)
        soup_message_headers_replace(headers, "Accept", "application/json")
        // What the user waits on (the next page): first in its session's queue.
        soup_message_set_priority(made, SOUP_MESSAGE_PRIORITY_VERY_HIGH)

        // Refuse an announced oversized body before downloading it.
        headersHandler = Signals.connect(message.raw, "got-headers") { [weak self] in
            guard let self else { return }
            let responseHeaders = soup_message_get_response_headers(OpaquePointer(self.message.raw))
            guard soup_message_headers_get_encoding(responseHeaders) == SOUP_ENCODING_CONTENT_LENGTH else { return }
            let length = Int(soup_message_headers_get_content_length(responseHeaders))
            if length > maxBytes { self.stop(because: .tooLarge(bytes: length, limit: maxBytes)) }
        }
        deadline = MainLoopSource.after(milliseconds: UInt32(max(1, timeoutSeconds)) * 1000) { [weak self] in
            self?.stop(because: .timedOut(seconds: timeoutSeconds))
        }

        let box = ClosureBox(self)
        soup_session_send_and_read_async(session.pointer(as: SoupSession.self), made, G_PRIORITY_DEFAULT,
                                         cancellable.pointer(as: GCancellable.self),
                                         sendFinished, box.retainedPointer())
    }

    /// Stops the request; its completion will not be called. Idempotent.
    func cancel() {
        completion = nil
        finishUp()
        g_cancellable_cancel(cancellable.pointer(as: GCancellable.self))
    }

    private func stop(because reason: FeedLoadError) {
        guard stopReason == nil else { return }
        stopReason = reason
        g_cancellable_cancel(cancellable.pointer(as: GCancellable.self))
    }

    private func finishUp() {
        deadline?.cancel()
        deadline = nil
        headersHandler?.disconnect()
        headersHandler = nil
    }

    /// libsoup's answer, on the GTK thread.
    fileprivate func finished(_ result: OpaquePointer?) {
        var error: UnsafeMutablePointer<GError>?
        let bytes = soup_session_send_and_read_finish(session.pointer(as: SoupSession.self), result, &error)
        defer {
            if let bytes { g_bytes_unref(bytes) }
            if let error { g_error_free(error) }
        }
        finishUp()
        guard let completion else { return }
        self.completion = nil

        if let stopReason {
            completion(.failure(stopReason))
            return
        }
        if let error {
            let text = String(cString: error.pointee.message)
            if g_error_matches(error, g_io_error_quark(), Int32(G_IO_ERROR_TIMED_OUT.rawValue)) != 0 {
                completion(.failure(.timedOut(seconds: 0)))
            } else {
                completion(.failure(.network(text)))
            }
            return
        }
        let soupMessage = OpaquePointer(message.raw)
        var body = Data()
        if let bytes {
            var size: gsize = 0
            if let data = g_bytes_get_data(bytes, &size), size > 0 {
                body = Data(bytes: data, count: Int(size))
            }
        }
        let reason = soup_message_get_reason_phrase(soupMessage).map { String(cString: $0) }
        let contentType = soup_message_headers_get_content_type(soup_message_get_response_headers(soupMessage), nil)
            .map { String(cString: $0) }
        completion(.response(Response(status: Int(soup_message_get_status(soupMessage).rawValue), reason: reason,
                                      body: body, url: Self.finalURL(soupMessage) ?? url, contentType: contentType)))
    }

    /// The message's URI after redirects.
    private static func finalURL(_ message: OpaquePointer) -> URL? {
        guard let uri = soup_message_get_uri(message), let text = g_uri_to_string(uri) else { return nil }
        defer { g_free(text) }
        return URL(string: String(cString: text))
    }
}

/// GAsyncReadyCallback for `soup_session_send_and_read_async`: called once,
/// on the context that started the send (the GTK thread's). Takes back the
/// box's reference.
private let sendFinished: GAsyncReadyCallback = { _, result, data in
    guard let data else { return }
    let box = Unmanaged<ClosureBox<FeedRequest>>.fromOpaque(data).takeRetainedValue()
    // The GAsyncResult is only used here, on this thread, before returning.
    nonisolated(unsafe) let result = result
    MainActor.assumeIsolated { box.value.finished(result) }
}
