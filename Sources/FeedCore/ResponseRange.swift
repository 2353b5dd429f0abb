// Pure: values only, imports Foundation at most.
import Foundation

/// Where a response body sits in the file, decided from its status and
/// headers, and which part of it a fetch keeps.
///
/// Byte offsets are in bytes, ranges half-open.
public enum ResponseRange: Equatable, Sendable {
    /// The body holds the file from `bodyStart`; keep the bytes from `keepFrom`
    /// (skip `keepFrom - bodyStart` leading bytes) up to `keepUntil` (nil: to
    /// the end of the body). `total` is the file's length when known.
    case body(bodyStart: Int64, keepFrom: Int64, keepUntil: Int64?, total: Int64?, rangeIgnored: Bool)
    /// 416: nothing at the asked offset; the file is `total` long when known.
    case pastEnd(total: Int64?)
    /// A failing status (or a 206 that does not say where its bytes are).
    case failed(status: Int)

    /// - Parameters:
    ///   - status: the HTTP status.
    ///   - requested: the range asked for (nil: the whole file).
    ///   - contentRange: the Content-Range header's text, if any.
    ///   - contentLength: the body's declared length, if the body has one.
    public static func decide(status: Int, requested: Range<Int64>?, contentRange: String?,
                       contentLength: Int64?) -> ResponseRange {
        let parsed = contentRange.flatMap(ContentRange.init)
        switch status {
        case 206:
            guard let parsed, let first = parsed.first else { return .failed(status: status) }
            let wantedStart = requested?.lowerBound ?? 0
            // A server may start earlier than asked (coalescing); never later.
            guard first <= wantedStart else { return .failed(status: status) }
            return .body(bodyStart: first, keepFrom: wantedStart, keepUntil: requested?.upperBound,
                         total: parsed.total, rangeIgnored: false)
        case 200..<300:
            let wantedStart = requested?.lowerBound ?? 0
            return .body(bodyStart: 0, keepFrom: wantedStart, keepUntil: requested?.upperBound,
                         total: contentLength, rangeIgnored: requested != nil)
        case 416:
            return .pastEnd(total: parsed?.total)
        default:
            return .failed(status: status)
        }
    }
}
