internal import CGStreamer
import FeedCore

/// An error GStreamer posted on a pipeline's bus (or returned from a call),
/// copied out of its `GError` so it can cross threads.
public struct GStreamerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// GStreamer's error domains, plus everything else (GLib, GIO, ...).
    public typealias Domain = MediaErrorRule.Domain

    public var domain: Domain
    public var code: Int32
    public var message: String
    /// The element's debug string, for logs only.
    public var debug: String?

    public var description: String { message }

    /// This error's code in FeedCore's terms, for ``FeedCore/MediaErrorRule``.
    public var ruleCode: MediaErrorRule.Code {
        func named(_ pairs: [(some RawRepresentable<UInt32>, MediaErrorRule.Code)]) -> MediaErrorRule.Code {
            pairs.first { Int32($0.0.rawValue) == code }?.1 ?? .other
        }
        switch domain {
        case .resource:
            return named([(GST_RESOURCE_ERROR_NOT_FOUND, .notFound), (GST_RESOURCE_ERROR_READ, .read),
                          (GST_RESOURCE_ERROR_OPEN_READ, .openRead), (GST_RESOURCE_ERROR_OPEN_READ_WRITE, .openReadWrite),
                          (GST_RESOURCE_ERROR_NOT_AUTHORIZED, .notAuthorized)])
        case .stream:
            return named([(GST_STREAM_ERROR_DECODE, .decode), (GST_STREAM_ERROR_TYPE_NOT_FOUND, .typeNotFound),
                          (GST_STREAM_ERROR_WRONG_TYPE, .wrongType), (GST_STREAM_ERROR_DEMUX, .demux),
                          (GST_STREAM_ERROR_FORMAT, .format), (GST_STREAM_ERROR_CODEC_NOT_FOUND, .codecNotFound)])
        case .core:
            return named([(GST_CORE_ERROR_MISSING_PLUGIN, .missingPlugin)])
        case .library, .other:
            return .other
        }
    }

    /// The disk is full (filesink's ENOSPC).
    public var isNoSpaceLeft: Bool { domain == .resource && code == Int32(GST_RESOURCE_ERROR_NO_SPACE_LEFT.rawValue) }

    /// The file or server could not be opened or read.
    /// (Every resource code `ruleCode` names: not found, read, open, not authorized.)
    public var isUnreadable: Bool {
        domain == .resource && ruleCode != .other
    }

    /// The bytes are not a stream GStreamer can make sense of: every stream
    /// code `ruleCode` names, a stream's general failure, a missing plugin.
    public var isWrongContent: Bool {
        (domain == .stream && (ruleCode != .other || code == Int32(GST_STREAM_ERROR_FAILED.rawValue)))
            || ruleCode == .missingPlugin
    }

    public init(domain: Domain, code: Int32, message: String, debug: String? = nil) {
        self.domain = domain
        self.code = code
        self.message = message
        self.debug = debug
    }

    /// Copies a `GError` (which the caller still owns and frees).
    init(_ error: UnsafePointer<GError>, debug: String? = nil) {
        let quark = error.pointee.domain
        if quark == gst_core_error_quark() { domain = .core }
        else if quark == gst_library_error_quark() { domain = .library }
        else if quark == gst_resource_error_quark() { domain = .resource }
        else if quark == gst_stream_error_quark() { domain = .stream }
        else { domain = .other }
        code = error.pointee.code
        message = error.pointee.message.map { Self.bounded($0, bytes: Self.maxMessageBytes) } ?? "unknown error"
        self.debug = debug
    }

    /// Bytes of an error's message kept: messages name addresses, and one
    /// from a hostile playlist can be megabytes long (every log line and
    /// error card would carry it).
    static let maxMessageBytes = 500
    /// Bytes of an error's debug text kept.
    static let maxDebugBytes = 2_000

    /// The first `bytes` bytes of `text` (an ellipsis marks a cut).
    static func bounded(_ text: UnsafePointer<CChar>, bytes: Int) -> String {
        let length = strlen(text)
        let kept = UnsafeRawBufferPointer(start: text, count: min(length, bytes))
        return String(decoding: kept, as: UTF8.self) + (length > bytes ? "…" : "")
    }

    /// Takes (copies and frees) the error of an `ERROR` message.
    static func parse(_ message: UnsafeMutablePointer<GstMessage>) -> GStreamerError {
        var error: UnsafeMutablePointer<GError>?
        var debug: UnsafeMutablePointer<gchar>?
        gst_message_parse_error(message, &error, &debug)
        defer {
            g_clear_error(&error)
            g_free(debug)
        }
        let debugText = debug.map { bounded($0, bytes: maxDebugBytes) }
        guard let error else {
            return GStreamerError(domain: .other, code: 0, message: "unknown error", debug: debugText)
        }
        return GStreamerError(error, debug: debugText)
    }
}
