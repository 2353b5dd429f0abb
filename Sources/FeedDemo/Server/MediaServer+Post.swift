import FeedMedia
import Foundation

extension MediaServer {
    /// A POST as its handler sees it.
    public struct PostRequest: Sendable, Equatable {
        /// The request path, percent escapes decoded (for `servePosts(under:)`,
        /// the whole path, prefix included).
        public var path: String
        /// The request body as sent (may be empty).
        public var body: Data
        /// The decoded query.
        public var query: [String: String]
        /// The request headers a handler may answer by (`If-None-Match`,
        /// `User-Agent`, `Accept`), by the names written here.
        public var headers: [String: String]
        /// GET, POST or PUT.
        public var method: String

        /// The request headers copied into ``headers``.
        static let passedHeaders = ["If-None-Match", "User-Agent", "Accept", "Authorization", "x-peertube-otp"]

        public init(path: String, body: Data, query: [String: String] = [:], headers: [String: String] = [:],
                    method: String = "POST") {
            self.method = method
            self.path = path
            self.body = body
            self.query = query
            self.headers = headers
        }
    }

    /// What a POST handler answers.
    public struct PostResponse: Sendable, Equatable {
        /// The HTTP status.
        public var status: Int
        /// The body, nil for none.
        public var body: Data?
        /// Sent with a body.
        public var contentType: String
        /// More response headers, by name.
        public var headers: [String: String]

        public init(status: Int, body: Data? = nil, contentType: String = "application/json",
                    headers: [String: String] = [:]) {
            self.status = status
            self.body = body
            self.contentType = contentType
            self.headers = headers
        }
    }

    /// Answers a POST made on the server's thread (keep it quick).
    public typealias PostHandler = @Sendable (_ request: PostRequest) -> PostResponse
}
