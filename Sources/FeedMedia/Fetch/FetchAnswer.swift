import FeedCore

/// What the answer to a ``RangeFetch`` said and how much of it has landed:
/// the part of the body kept, the file's length, whether the server
/// ignored the range or the file changed, which entry the bytes are written
/// into, and the byte counts its result reports. GTK thread only, owned
/// by one fetch (RangeFetch+Answers fills it in).
struct FetchAnswer {
    /// The file offset of the next body byte, where stored bytes reach (a
    /// chunk being written counts once it has landed).
    var position: Int64
    /// The part of the body kept: from `keepFrom` to `keepUntil` (nil: the
    /// end of the body), file offsets.
    var keepFrom: Int64
    var keepUntil: Int64?
    /// The file's whole length, once an answer said it (or a body ran out).
    var contentLength: Int64?
    /// The whole file came instead of the range asked for.
    var rangeIgnored = false
    /// The request carried If-Range (a 200 then may mean the file changed).
    var sentIfRange = false
    /// The answer was a newer version of the file: the old bytes were dropped.
    var staleDropped = false
    /// The incarnation of the entry this answer's bytes are written into
    /// (set when its head arrives); writes for another are dropped.
    var writingFor: UInt64?
    /// Body bytes read from the network, and of them those stored.
    var bytesFetched: Int64 = 0
    var bytesStored: Int64 = 0

    /// An answer still to come for `range` (nil: the whole file).
    init(range: Range<Int64>?) {
        position = range?.lowerBound ?? 0
        keepFrom = range?.lowerBound ?? 0
        keepUntil = range?.upperBound
    }
}
