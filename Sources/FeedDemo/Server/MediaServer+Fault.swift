import FeedMedia
extension MediaServer {
    /// A misbehaviour injected for one path: the demo feed's fault mix and
    /// the network tests of the cache and the player.
    public enum Fault: Sendable, Equatable {
        /// Always answer this status, with an empty body.
        case status(Int)
        /// Answer `status` to the first `count` requests after the fault is
        /// set, then serve normally.
        case failTimes(Int, status: Int)
        /// Answer 200 with the whole body even when a Range is asked.
        case ignoreRange
        /// Send this many body bytes, then nothing more: the connection stays
        /// open until the client gives up or the server stops.
        case stallAfter(bytes: Int)
        /// Send this many body bytes, then close the connection (the client
        /// sees a body shorter than Content-Length).
        case truncateAfter(bytes: Int)
        /// The file changes on every request: each answer has a new ETag and
        /// a length one byte longer than the previous one (the file's bytes
        /// followed by zero bytes).
        case changeETag
        /// Send the body chunked, with no Content-Length: the client learns
        /// its size only at the end.
        case chunked
        /// Send no ETag (only Last-Modified), as many static servers do.
        case noETag
        /// On every request the file's Last-Modified flips between two dates
        /// a day apart (same bytes, no ETag), and `If-Range` is ignored: a
        /// Range is always answered. An origin that rewrites a file in
        /// place, or a CDN whose nodes disagree about it.
        case flipLastModified
    }
}
