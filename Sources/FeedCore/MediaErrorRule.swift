// Pure: values only, imports Foundation at most.

/// Which ``ErrorCode`` a media framework's error is, from what happened,
/// never from its words: the error's domain and code, the HTTP status its
/// details carry, whether a decoder posted it, and whether the player's
/// network sources had brought nothing for a whole timeout before it.
///
/// FeedMedia names GStreamer's domains and codes in these terms
/// (``Domain``, ``Code``); the rule and its table (`media-error.json`) are
/// here.
public enum MediaErrorRule {
    /// GStreamer's error domains, plus everything else (GLib, GIO, ...).
    public enum Domain: String, Sendable, Codable, CaseIterable {
        case core, library, resource, stream, other
    }

    /// The codes the rule tells apart; `other` for the rest of a domain's.
    public enum Code: String, Sendable, Codable, CaseIterable {
        // Resource
        case notFound, read, openRead, openReadWrite, notAuthorized
        // Stream
        case decode, typeNotFound, wrongType, demux, format, codecNotFound
        // Core
        case missingPlugin
        case other
    }

    /// What the rule reads of one error.
    public struct Input: Sendable, Codable, Equatable {
        public var domain: Domain
        public var code: Code
        /// The HTTP status the error's details carry, if any.
        public var httpStatus: Int?
        /// A decoder posted it (its factory's class names "Decoder").
        public var fromDecoder: Bool
        /// The network sources brought nothing for a whole timeout before it.
        public var networkTimedOut: Bool

        public init(domain: Domain, code: Code, httpStatus: Int? = nil, fromDecoder: Bool = false,
                    networkTimedOut: Bool = false) {
            self.domain = domain
            self.code = code
            self.httpStatus = httpStatus
            self.fromDecoder = fromDecoder
            self.networkTimedOut = networkTimedOut
        }
    }

    /// The code, and the status to report with it (only when the HTTP
    /// status decided).
    public static func decide(_ input: Input) -> (code: ErrorCode, httpStatus: Int?) {
        if let status = input.httpStatus, let code = ErrorCode.forHTTPStatus(status) { return (code, status) }
        return (code(input), nil)
    }

    private static func code(_ input: Input) -> ErrorCode {
        let fallback: ErrorCode = input.fromDecoder ? .decoderInitFailed : .playerFailed
        switch input.domain {
        case .resource:
            if input.networkTimedOut, [.read, .openRead, .openReadWrite].contains(input.code) { return .timeout }
            if input.code == .notFound { return .sourceNotFound }
            if input.fromDecoder { return .decoderInitFailed }
            return input.code == .notAuthorized ? .httpError : .playerFailed
        case .stream:
            switch input.code {
            case .decode: return .decodeFailed
            case .typeNotFound, .wrongType, .demux, .format, .codecNotFound: return .unsupportedFormat
            default: return fallback
            }
        case .core:
            // No element installed for the stream's format: trying again, or
            // freeing other players, cannot help.
            return input.code == .missingPlugin ? .unsupportedFormat : fallback
        case .library:
            return .decoderInitFailed
        case .other:
            return fallback
        }
    }
}
