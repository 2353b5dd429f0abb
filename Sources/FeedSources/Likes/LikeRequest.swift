import CGLib
import CSoup
import FeedGObject
import FeedHTTP
import Foundation

/// One POST of `{"liked": bool}` to an item's likeURL. GTK thread only.
///
/// Read through ``BoundedBodyRequest``: the answer stops at
/// ``maxAnswerBytes`` whatever it announced, and one deadline covers the
/// whole exchange. `cancel()` stops it without an answer.
@MainActor
public final class LikeRequest {
    /// The sequence number the request was started with (``FeedCore/LikeIntent``'s).
    public let seq: UInt64
    public let url: URL
    /// What the request asks for.
    public let liked: Bool

    /// Answers above this size are not read as an answer.
    static let maxAnswerBytes = 64 * 1024

    private var exchange: BoundedBodyRequest?
    /// Set until the request finishes or is cancelled.
    private var completion: ((Result<LikeAnswer, LikeFailure>) -> Void)?

    /// Starts the POST. A URL libsoup will not take fails on the next turn
    /// of the main loop, as a real request would.
    init(seq: UInt64, liked: Bool, url: URL, session: GObjectRef, timeoutSeconds: Int,
         completion: @escaping (Result<LikeAnswer, LikeFailure>) -> Void) {
        self.seq = seq
        self.url = url
        self.liked = liked
        self.completion = completion
        let scheme = url.scheme?.lowercased() ?? ""
        guard scheme == "http" || scheme == "https",
              let made = soup_message_new("POST", url.absoluteString),
              let message = GObjectRef(owning: UnsafeMutableRawPointer(made)) else {
            MainLoopSource.idle { [weak self] in
                self?.complete(.failure(.invalidURL(url.absoluteString)))
                return false
            }
            return
        }
        // Small, and the user sees its answer: first in its session's queue.
        soup_message_set_priority(made, SOUP_MESSAGE_PRIORITY_VERY_HIGH)
        soup_message_headers_replace(soup_message_get_request_headers(made), "Accept", "application/json")
        let body = Data(#"{"liked":\#(liked)}"#.utf8)
        let bytes = body.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        soup_message_set_request_body_from_bytes(made, "application/json", bytes)
        g_bytes_unref(bytes)

        exchange = BoundedBodyRequest(message: message, session: session, maxBytes: Self.maxAnswerBytes,
                                      timeoutSeconds: timeoutSeconds) { [weak self] outcome in
            switch outcome {
            case .response(let answer) where (200..<300).contains(answer.status):
                self?.complete(Self.parse(answer.body))
            case .response(let answer):
                self?.complete(.failure(.httpStatus(answer.status)))
            case .tooLarge(let bytes):
                self?.complete(.failure(.badAnswer("\(bytes) bytes is too long")))
            case .timedOut:
                self?.complete(.failure(.timedOut(seconds: timeoutSeconds)))
            case .failed(let failure):
                self?.complete(.failure(.network(failure.message)))
            }
        }
    }

    /// Whether the request still owes its completion an answer.
    public var isPending: Bool { completion != nil }

    /// Stops the request; its completion will not be called. Idempotent.
    public func cancel() {
        completion = nil
        exchange?.cancel()
    }

    private func complete(_ result: Result<LikeAnswer, LikeFailure>) {
        guard let completion else { return }
        self.completion = nil
        completion(result)
    }

    /// Reads `{"liked": bool, "likes": int?}`; anything else is a bad answer.
    static func parse(_ body: Data) -> Result<LikeAnswer, LikeFailure> {
        guard body.count <= maxAnswerBytes else { return .failure(.badAnswer("\(body.count) bytes is too long")) }
        do {
            let answer = try JSONDecoder().decode(LikeAnswer.self, from: body)
            if let likes = answer.likes, !FeedValueRules.likesRange.contains(likes) { return .failure(.badAnswer(tr("a count out of range"))) }
            return .success(answer)
        } catch DecodingError.keyNotFound(let key, _) {
            return .failure(.badAnswer(tr("no \"%1$s\"").filled(key.stringValue)))
        } catch DecodingError.typeMismatch(_, let context) {
            let field = context.codingPath.map(\.stringValue).joined(separator: ".")
            return .failure(.badAnswer("\"\(field)\" has the wrong type"))
        } catch {
            return .failure(.badAnswer(tr("not JSON")))
        }
    }
}
