// Pure: values only, imports Foundation at most.
import Foundation

/// Where a response body sits in the file, decided from its status and
/// headers, and which part of it a fetch keeps.
///
/// Byte offsets are in bytes, ranges half-open.
enum ResponseRange: Equatable {
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
    static func decide(status: Int, requested: Range<Int64>?, contentRange: String?,
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

/// A Content-Range header: `bytes FIRST-LAST/TOTAL`, `bytes FIRST-LAST/*`
/// or `bytes */TOTAL`. Offsets inclusive as written; nil when absent.
struct ContentRange: Equatable {
    var first: Int64?
    var last: Int64?
    var total: Int64?

    init(first: Int64?, last: Int64?, total: Int64?) {
        self.first = first
        self.last = last
        self.total = total
    }

    init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.lowercased().hasPrefix("bytes") else { return nil }
        let rest = trimmed.dropFirst(5).trimmingCharacters(in: .whitespaces)
        let parts = rest.split(separator: "/", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2 else { return nil }
        if parts[1] == "*" {
            total = nil
        } else {
            guard let value = Int64(parts[1]), value >= 0 else { return nil }
            total = value
        }
        if parts[0] == "*" {
            guard total != nil else { return nil }
            first = nil
            last = nil
            return
        }
        let bounds = parts[0].split(separator: "-", maxSplits: 1)
        guard bounds.count == 2, let a = Int64(bounds[0]), let b = Int64(bounds[1]), a >= 0, b >= a else { return nil }
        first = a
        last = b
        if let total, b >= total { return nil }
    }
}
