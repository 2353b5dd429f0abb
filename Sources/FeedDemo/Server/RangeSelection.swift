import FeedMedia
/// Which bytes of a representation a GET or HEAD answers with, from the
/// request's Range header as libsoup parsed it. Pure: no I/O.
///
/// Multiple ranges are not sent as multipart: the first satisfiable range
/// is served, which RFC 9110 allows (a server may ignore or coalesce ranges).
enum RangeSelection: Equatable {
    /// 200 with every byte.
    case whole
    /// 206 with bytes `start...end` (inclusive, like Content-Range).
    case partial(start: Int, end: Int)
    /// 416 with `Content-Range: bytes */length`.
    case unsatisfiable

    /// One range as `soup_message_headers_get_ranges` returns it for a known
    /// total length: suffix ranges already turned into offsets (possibly
    /// negative when the suffix is longer than the body), open ends set to
    /// `length - 1`, explicit ends not clamped.
    struct Requested: Equatable {
        var start: Int
        var end: Int
    }

    /// - Parameters:
    ///   - requested: nil when there was no Range header, a syntactically
    ///     invalid one (ignored, as RFC 9110 says), or the range should be
    ///     ignored (fault, stale If-Range).
    ///   - length: the representation's length in bytes.
    static func select(_ requested: [Requested]?, length: Int) -> RangeSelection {
        guard let requested else { return .whole }
        for range in requested where length > 0 && range.start < length && range.end >= max(range.start, 0) {
            return .partial(start: max(range.start, 0), end: min(range.end, length - 1))
        }
        return .unsatisfiable
    }
}
