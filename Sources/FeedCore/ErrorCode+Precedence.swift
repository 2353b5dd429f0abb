// Pure: values only, imports Foundation at most.

extension ErrorCode {
    /// Codes from the most telling to the least: when one failure makes
    /// several elements post errors (typefind finds nothing, then the
    /// source reports its stream stopped), the one that says why wins,
    /// whatever order the threads posted them in.
    public static let precedence: [ErrorCode] = [
        .tlsError, .sourceNotFound, .httpError, .cacheUnavailable, .cacheCorrupt, .networkUnavailable, .timeout,
        .unsupportedFormat, .decoderInitFailed, .decodeFailed, .imageDecodeFailed, .playerFailed, .unknown,
    ]

    /// The most telling of `codes` (see ``precedence``); nil for none.
    public static func mostTelling(_ codes: [ErrorCode]) -> ErrorCode? {
        codes.min { rank($0) < rank($1) }
    }

    private static func rank(_ code: ErrorCode) -> Int {
        precedence.firstIndex(of: code) ?? precedence.count
    }
}
