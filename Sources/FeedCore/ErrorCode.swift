// Pure: values only, imports Foundation at most.

/// Why an item failed, as one closed set shared by every layer. Raw values
/// are the stable names shown in logs, events and the error card.
public enum ErrorCode: String, Sendable, Hashable, Codable, CaseIterable {
    /// No connectivity.
    case networkUnavailable = "NETWORK_UNAVAILABLE"
    /// The server answered with a failing HTTP status other than 404/410.
    case httpError = "HTTP_ERROR"
    /// A secure connection failed: the server's certificate is not trusted.
    case tlsError = "TLS_ERROR"
    /// The network did not answer in time.
    case timeout = "TIMEOUT"
    /// 404 or 410, or a missing local file: it will not come back.
    case sourceNotFound = "SOURCE_NOT_FOUND"
    /// No demuxer or decoder can handle the media.
    case unsupportedFormat = "UNSUPPORTED_FORMAT"
    /// A decoder could not start, usually because others hold the hardware.
    case decoderInitFailed = "DECODER_INIT_FAILED"
    /// Decoding failed mid-stream.
    case decodeFailed = "DECODE_FAILED"
    /// A photo or poster could not be decoded.
    case imageDecodeFailed = "IMAGE_DECODE_FAILED"
    /// The bytes on disk do not match what the index says.
    case cacheCorrupt = "CACHE_CORRUPT"
    /// The disk cache cannot be written (the disk is full or failing):
    /// the item plays again straight from the network.
    case cacheUnavailable = "CACHE_UNAVAILABLE"
    /// The player failed for another reason.
    case playerFailed = "PLAYER_FAILED"
    /// Anything not classified above.
    case unknown = "UNKNOWN"

    /// The code for a finished HTTP response, or nil when the status is a
    /// success (1xx-3xx): 404 and 410 are `sourceNotFound`, any other failing
    /// status `httpError`.
    public static func forHTTPStatus(_ status: Int) -> ErrorCode? {
        switch status {
        case 100..<400: return nil
        case 404, 410: return .sourceNotFound
        default: return .httpError
        }
    }

    /// Whether an HTTP failure with this status may succeed if asked again:
    /// server errors (5xx), 408 Request Timeout and 429 Too Many Requests.
    public static func isRetryableHTTPStatus(_ status: Int) -> Bool {
        (500..<600).contains(status) || status == 408 || status == 429
    }
}
