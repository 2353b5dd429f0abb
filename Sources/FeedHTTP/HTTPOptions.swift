/// How a libsoup session talks to servers. Set at construction: libsoup
/// reads the connection limits only then. A plain value.
public struct HTTPOptions: Sendable, Equatable {
    /// Sent as User-Agent.
    public var userAgent: String
    /// Connections open at once, all hosts together.
    public var maxConnections: Int
    /// Connections open at once to one host.
    public var maxConnectionsPerHost: Int
    /// Longest wait for a response's headers, connecting included, in seconds.
    public var connectTimeoutSeconds: Int
    /// Longest wait for any one read or write on the socket, in seconds
    /// (libsoup's `timeout`): a server that stalls mid-body fails with TIMEOUT.
    public var readTimeoutSeconds: Int
    /// Bytes asked of the body stream per read.
    public var chunkBytes: Int

    public init(userAgent: String = "Flick/0.1 (GNOME; +https://github.com/flick/flick)",
                maxConnections: Int = 12, maxConnectionsPerHost: Int = 6,
                connectTimeoutSeconds: Int = 15, readTimeoutSeconds: Int = 15, chunkBytes: Int = 64 * 1024) {
        self.userAgent = userAgent
        self.maxConnections = maxConnections
        self.maxConnectionsPerHost = maxConnectionsPerHost
        self.connectTimeoutSeconds = connectTimeoutSeconds
        self.readTimeoutSeconds = readTimeoutSeconds
        self.chunkBytes = chunkBytes
    }
}
