import CGLib
import CSoup
import FeedCore
import FeedGObject
import FeedHTTP
import Foundation

/// Sends likes to items' likeURLs over HTTP: POST `{"liked": bool}`, answer
/// `{"liked": bool, "likes": int?}`.
///
/// GTK thread only: one SoupSession on the default main context, where every
/// completion is called. Each completion carries the sequence number it was
/// sent with, so the caller can drop a stale one (``FeedCore/LikeIntent``
/// does). A network error, a non-2xx status and an unreadable answer are
/// all one failure case.
@MainActor
public final class LikeSender {
    public typealias Completion = @MainActor (_ seq: UInt64, _ result: Result<LikeAnswer, LikeFailure>) -> Void

    /// How the sender talks to servers.
    public struct Options: Sendable, Equatable {
        /// Longest wait for a whole answer, in seconds.
        public var timeoutSeconds: Int

        public init(timeoutSeconds: Int = 15) {
            self.timeoutSeconds = timeoutSeconds
        }
    }

    public let options: Options
    private let session: GObjectRef
    /// Requests that still owe an answer.
    private var pending: [ObjectIdentifier: LikeRequest] = [:]

    /// - Parameter session: the libsoup session (an engine's
    ///   ``HTTPSessions/api``; default: one of its own); each request keeps
    ///   `options.timeoutSeconds` as its own deadline.
    public init(options: Options = .init(), session: GObjectRef = HTTPSessions.standalone()) {
        self.options = options
        self.session = session
    }

    isolated deinit {
        // Its own requests only: the session may be an engine's, shared.
        for request in pending.values { request.cancel() }
    }

    /// Requests still waiting for an answer.
    public var pendingCount: Int { pending.count }

    /// Starts a POST asking `url` to set the like to `liked`; `completion`
    /// is called once on the GTK thread, later (never from inside this
    /// call), unless the request is cancelled.
    @discardableResult
    public func send(liked: Bool, to url: URL, seq: UInt64, completion: @escaping Completion) -> LikeRequest {
        var id: ObjectIdentifier?
        let request = LikeRequest(seq: seq, liked: liked, url: url, session: session,
                                  timeoutSeconds: options.timeoutSeconds) { [weak self] result in
            if let self, let id { self.pending[id] = nil }
            completion(seq, result)
        }
        id = ObjectIdentifier(request)
        pending = pending.filter { $0.value.isPending } // drops those cancelled one by one
        pending[ObjectIdentifier(request)] = request
        return request
    }

    /// Cancels every pending request; none of their completions is called.
    public func cancelAll() {
        let requests = pending.values
        pending.removeAll()
        for request in requests { request.cancel() }
    }
}
