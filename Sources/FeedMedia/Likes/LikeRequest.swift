import CGLib
import CSoup
import Foundation

/// One POST of `{"liked": bool}` to an item's likeURL. GTK thread only.
///
/// Sent with `soup_session_send_and_read_async` on the thread-default main
/// context, the answer read whole. `cancel()` stops it without an answer:
/// libsoup still calls back (with "cancelled"), and that call is swallowed.
/// A deadline stops a server that never finishes.
@MainActor
public final class LikeRequest {
    /// The sequence number the request was started with (``FeedCore/LikeIntent``'s).
    public let seq: UInt64
    public let url: URL
    /// What the request asks for.
    public let liked: Bool

    /// Answers above this size are not read as an answer.
    static let maxAnswerBytes = 64 * 1024

    private let session: GObjectRef
    private let message: GObjectRef?
    private let cancellable: GObjectRef?
    private let timeoutSeconds: Int
    private var deadline: MainLoopSource?
    private var timedOut = false
    /// Set until the request finishes or is cancelled.
    private var completion: ((Result<LikeAnswer, LikeFailure>) -> Void)?

    /// Starts the POST. A URL libsoup will not take fails on the next turn
    /// of the main loop, as a real request would.
    init(seq: UInt64, liked: Bool, url: URL, session: GObjectRef, timeoutSeconds: Int,
         completion: @escaping (Result<LikeAnswer, LikeFailure>) -> Void) {
        self.seq = seq
        self.url = url
        self.liked = liked
        self.session = session
        self.timeoutSeconds = timeoutSeconds
        self.completion = completion
        let scheme = url.scheme?.lowercased() ?? ""
        guard scheme == "http" || scheme == "https",
              let made = soup_message_new("POST", url.absoluteString),
              let message = GObjectRef(owning: UnsafeMutableRawPointer(made)),
              let cancellable = GObjectRef(owning: UnsafeMutableRawPointer(g_cancellable_new())) else {
            message = nil
            cancellable = nil
            MainLoopSource.idle { [weak self] in
                self?.complete(.failure(.invalidURL(url.absoluteString)))
                return false
            }
            return
        }
        self.message = message
        self.cancellable = cancellable
        // Small, and the user sees its answer: first in its session's queue.
        soup_message_set_priority(made, SOUP_MESSAGE_PRIORITY_VERY_HIGH)

        soup_message_headers_replace(soup_message_get_request_headers(made), "Accept", "application/json")
        let body = Data(#"{"liked":\#(liked)}"#.utf8)
        let bytes = body.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        soup_message_set_request_body_from_bytes(made, "application/json", bytes)
        g_bytes_unref(bytes)

        deadline = MainLoopSource.after(milliseconds: UInt32(max(1, timeoutSeconds)) * 1000) { [weak self] in
            guard let self else { return }
            self.timedOut = true
            g_cancellable_cancel(cancellable.pointer(as: GCancellable.self))
        }
        let box = ClosureBox(self)
        soup_session_send_and_read_async(session.pointer(as: SoupSession.self), made, G_PRIORITY_DEFAULT,
                                         cancellable.pointer(as: GCancellable.self),
                                         likeSendFinished, box.retainedPointer())
    }

    /// Whether the request still owes its completion an answer.
    public var isPending: Bool { completion != nil }

    /// Stops the request; its completion will not be called. Idempotent.
    public func cancel() {
        completion = nil
        deadline?.cancel()
        deadline = nil
        if let cancellable { g_cancellable_cancel(cancellable.pointer(as: GCancellable.self)) }
    }

    private func complete(_ result: Result<LikeAnswer, LikeFailure>) {
        deadline?.cancel()
        deadline = nil
        guard let completion else { return }
        self.completion = nil
        completion(result)
    }

    /// libsoup's answer, on the GTK thread.
    fileprivate func finished(_ result: OpaquePointer?) {
        var error: UnsafeMutablePointer<GError>?
        let bytes = soup_session_send_and_read_finish(session.pointer(as: SoupSession.self), result, &error)
        defer {
            if let bytes { g_bytes_unref(bytes) }
            if let error { g_error_free(error) }
        }
        if timedOut {
            complete(.failure(.timedOut(seconds: timeoutSeconds)))
            return
        }
        if let error {
            complete(.failure(.network(String(cString: error.pointee.message))))
            return
        }
        guard let message else { return }
        let status = Int(soup_message_get_status(OpaquePointer(message.raw)).rawValue)
        guard (200..<300).contains(status) else {
            complete(.failure(.httpStatus(status)))
            return
        }
        var body = Data()
        if let bytes {
            var size: gsize = 0
            if let data = g_bytes_get_data(bytes, &size), size > 0 {
                body = Data(bytes: data, count: Int(size))
            }
        }
        complete(Self.parse(body))
    }

    /// Reads `{"liked": bool, "likes": int?}`; anything else is a bad answer.
    static func parse(_ body: Data) -> Result<LikeAnswer, LikeFailure> {
        guard body.count <= maxAnswerBytes else { return .failure(.badAnswer("\(body.count) bytes is too long")) }
        do {
            let answer = try JSONDecoder().decode(LikeAnswer.self, from: body)
            if let likes = answer.likes, likes < 0 { return .failure(.badAnswer("a negative count")) }
            return .success(answer)
        } catch DecodingError.keyNotFound(let key, _) {
            return .failure(.badAnswer("no \"\(key.stringValue)\""))
        } catch DecodingError.typeMismatch(_, let context) {
            let field = context.codingPath.map(\.stringValue).joined(separator: ".")
            return .failure(.badAnswer("\"\(field)\" has the wrong type"))
        } catch {
            return .failure(.badAnswer("not JSON"))
        }
    }
}

/// GAsyncReadyCallback for `soup_session_send_and_read_async`: called once,
/// on the context that started the send (the GTK thread's). Takes back the
/// box's reference.
private let likeSendFinished: GAsyncReadyCallback = { _, result, data in
    guard let data else { return }
    let box = Unmanaged<ClosureBox<LikeRequest>>.fromOpaque(data).takeRetainedValue()
    // The GAsyncResult is only used here, on this thread, before returning.
    nonisolated(unsafe) let result = result
    MainActor.assumeIsolated { box.value.finished(result) }
}
