import CGLib
import CSoup
import FeedCore
import FeedGObject
import FeedHTTP
import Foundation

/// One request of a sign-in, a like or a sign-out to a service's API:
/// any method, a form body or none, an account's token or none. GTK
/// thread only.
///
/// Read through ``BoundedBodyRequest`` (``maxAnswerBytes``, one deadline).
/// A request carrying a token never follows a redirect: the token goes to
/// its own server's origin only, and a 3xx is an answer like any other.
/// Every status is handed over; the caller reads what it means.
@MainActor
public final class ServiceCall {
    public enum Method: String, Sendable {
        case get = "GET", post = "POST", put = "PUT"
    }

    /// The whole answer.
    public struct Response: Sendable {
        public var status: Int
        public var body: Data
        /// `x-peertube-otp`, `retry-after`… by lowercased name.
        public var headers: [String: String]
    }

    public enum Failure: Error, Sendable, Equatable {
        case invalidURL
        case network(String)
        case timedOut
        case tooLarge
    }

    /// Answers above this size are refused, in bytes.
    public static let maxAnswerBytes = 1_048_576
    /// The deadline of one call, in seconds.
    public static let timeoutSeconds = 30

    private var exchange: BoundedBodyRequest?
    private var completion: (@MainActor (Result<Response, Failure>) -> Void)?

    /// Starts the call; `completion` runs once on the GTK thread, later,
    /// unless `cancel()` comes first.
    /// - Parameters:
    ///   - form: sent as `application/x-www-form-urlencoded` when given.
    ///   - json: sent as `application/json` when given (and no `form`).
    ///   - bearer: an access token for `Authorization: Bearer`.
    ///   - headers: more request headers (`x-peertube-otp`).
    public init(_ method: Method, _ url: URL, form: [(String, String)]? = nil, json: Data? = nil, bearer: String? = nil,
                headers: [String: String] = [:], session: GObjectRef,
                completion: @escaping @MainActor (Result<Response, Failure>) -> Void) {
        self.completion = completion
        let scheme = url.scheme?.lowercased() ?? ""
        guard scheme == "http" || scheme == "https",
              let made = soup_message_new(method.rawValue, url.absoluteString),
              let message = GObjectRef(owning: UnsafeMutableRawPointer(made)) else {
            MainLoopSource.idle { [weak self] in
                self?.finish(.failure(.invalidURL))
                return false
            }
            return
        }
        let requestHeaders = soup_message_get_request_headers(made)
        soup_message_headers_replace(requestHeaders, "Accept", "application/json")
        for (name, value) in headers { soup_message_headers_replace(requestHeaders, name, value) }
        if let bearer {
            soup_message_headers_replace(requestHeaders, "Authorization", "Bearer \(bearer)")
            soup_message_add_flags(made, SOUP_MESSAGE_NO_REDIRECT)
        }
        if let (type, body) = form.map({ ("application/x-www-form-urlencoded", Data(Self.formEncoded($0).utf8)) })
            ?? json.map({ ("application/json", $0) }) {
            let bytes = body.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
            soup_message_set_request_body_from_bytes(made, type, bytes)
            g_bytes_unref(bytes)
        }
        soup_message_set_priority(made, SOUP_MESSAGE_PRIORITY_VERY_HIGH)
        exchange = BoundedBodyRequest(message: message, session: session, maxBytes: Self.maxAnswerBytes,
                                      timeoutSeconds: Self.timeoutSeconds) { [weak self] outcome in
            switch outcome {
            case .response(let answer):
                self?.finish(.success(Response(status: answer.status, body: answer.body, headers: answer.headers)))
            case .tooLarge:
                self?.finish(.failure(.tooLarge))
            case .timedOut:
                self?.finish(.failure(.timedOut))
            case .failed(let failure):
                self?.finish(.failure(.network(failure.message)))
            }
        }
    }

    /// Stops the call; its completion is not called. Idempotent.
    public func cancel() {
        completion = nil
        exchange?.cancel()
    }

    private func finish(_ result: Result<Response, Failure>) {
        guard let completion else { return }
        self.completion = nil
        exchange = nil
        completion(result)
    }

    /// `name=value&…`, each part percent-encoded as a form wants.
    static func formEncoded(_ fields: [(String, String)]) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(0x7F)))
        allowed.insert(charactersIn: "-._~")
        func encode(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: allowed) ?? "" }
        return fields.map { "\(encode($0.0))=\(encode($0.1))" }.joined(separator: "&")
    }
}
