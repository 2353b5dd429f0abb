import FeedMedia
extension MediaServer {
    /// How the server shapes its answers, for demos, tests and benchmarks.
    public struct Options: Sendable, Equatable {
        /// Body bytes per second for all responses together, in bits per
        /// second, like one shared link; nil sends as fast as the socket takes them.
        public var bandwidthBitsPerSecond: Int?
        /// Added before every response starts, in milliseconds.
        public var latencyMilliseconds: Int
        /// Added on top of the latency before JSON responses (feed pages), in milliseconds.
        public var pageDelayMilliseconds: Int
        /// A certificate and its private key, PEM: the server speaks HTTPS
        /// with it (the tests' untrusted, self-signed servers). nil: plain HTTP.
        public var tlsCertificatePEM: String?

        public init(bandwidthBitsPerSecond: Int? = nil, latencyMilliseconds: Int = 0, pageDelayMilliseconds: Int = 0,
                    tlsCertificatePEM: String? = nil) {
            self.bandwidthBitsPerSecond = bandwidthBitsPerSecond
            self.latencyMilliseconds = latencyMilliseconds
            self.pageDelayMilliseconds = pageDelayMilliseconds
            self.tlsCertificatePEM = tlsCertificatePEM
        }
    }
}
