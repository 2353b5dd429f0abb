import FeedCore
import FeedHTTP

/// What one fetch did, handed to its completion on the GTK thread.
public struct FetchResult: Sendable, Equatable {
    /// How the fetch ended.
    public enum End: Sendable, Equatable {
        /// Every byte asked for landed (or the body ended: unknown length).
        case finished
        /// The range starts at or past the end of the file (416); nothing to fetch.
        case pastEnd
        /// Stopped by `cancel()`; the bytes that landed are kept.
        case cancelled
        /// Stopped by an error; the bytes that landed are kept.
        case failed(FetchFailure)
    }

    /// The fetch's token, from ``RangeFetch/token``: callers drop results
    /// whose token is not the one they wait for.
    public var token: UInt64
    /// The caller's generation, as given to `fetch` (the binding that asked):
    /// compare it with the binding's current one to drop stale answers.
    public var generation: UInt64
    public var key: CacheKey
    public var priority: FetchPriority
    public var end: End
    /// Body bytes read from the network, including leading bytes skipped
    /// because the server ignored Range (they cost bandwidth too).
    public var bytesFetched: Int64
    /// Bytes written to the store.
    public var bytesStored: Int64
    /// The file's full length, when the response told it.
    public var contentLength: Int64?
    /// The server answered 200 with the whole file to a Range request.
    public var rangeIgnored: Bool
    /// The response's length or ETag differed from the cached entry's, so
    /// the store dropped the stale bytes before this fetch wrote.
    public var staleDropped: Bool
}
