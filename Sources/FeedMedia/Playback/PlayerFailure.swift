import CGLib
internal import CGStreamer
import FeedCore
import Foundation

/// A player error in FeedCore's terms: the code, a message for people and,
/// when an HTTP response caused it, the status. A plain value.
struct PlayerFailure: Sendable, Equatable {
    var code: ErrorCode
    var message: String
    var httpStatus: Int?

    var event: PlayerEvent { .failed(code, message: message, httpStatus: httpStatus) }

    /// Reads an ERROR message: its GError, details structure (souphttpsrc
    /// puts `http-status-code` there; its text is never read) and the posting element's
    /// class; `network` says whether the player's network sources had been
    /// quiet for a whole timeout. GTK thread; the message is borrowed.
    static func from(_ message: UnsafeMutablePointer<GstMessage>, network: NetworkActivity? = nil) -> PlayerFailure {
        var status: Int?
        var flickCode: ErrorCode?
        var details: UnsafePointer<GstStructure>?
        gst_message_parse_error_details(message, &details)
        if let details {
            var value: guint = 0
            if gst_structure_get_uint(details, "http-status-code", &value) != 0, value > 0 { status = Int(value) }
            flickCode = gst_structure_get_string(details, "flick-error-code").flatMap { ErrorCode(rawValue: String(cString: $0)) }
        }
        let error = GStreamerError.parse(message)
        // Flick's own cache source says what failed as a value.
        if let flickCode, flickCode != .unknown {
            return PlayerFailure(code: flickCode, message: error.message, httpStatus: status)
        }
        return classify(error, httpStatus: status,
                        fromDecoder: postedByDecoder(message), networkTimedOut: network?.hasTimedOut ?? false)
    }

    /// The failure whose code is the most telling (``FeedCore/ErrorCode/mostTelling(_:)``);
    /// the first of those with that code. `failures` is not empty.
    static func mostTelling(_ failures: [PlayerFailure]) -> PlayerFailure {
        let code = ErrorCode.mostTelling(failures.map(\.code))
        return failures.first { $0.code == code } ?? failures[0]
    }

    /// The code for a GStreamer error: FeedCore's ``MediaErrorRule`` decides.
    /// `networkTimedOut`: the player's network sources brought nothing for
    /// a whole timeout before it (then a read or open error is TIMEOUT).
    static func classify(_ error: GStreamerError, httpStatus: Int?, fromDecoder: Bool,
                         networkTimedOut: Bool = false) -> PlayerFailure {
        let decided = MediaErrorRule.decide(.init(domain: error.domain, code: error.ruleCode, httpStatus: httpStatus,
                                                  fromDecoder: fromDecoder, networkTimedOut: networkTimedOut))
        return PlayerFailure(code: decided.code, message: error.message, httpStatus: decided.httpStatus)
    }

    /// Whether the element that posted `message` is a decoder (its factory's
    /// class names "Decoder"), so a failure to start it is DECODER_INIT_FAILED.
    private static func postedByDecoder(_ message: UnsafeMutablePointer<GstMessage>) -> Bool {
        guard let source = message.pointee.src,
              g_type_check_instance_is_a(UnsafeMutableRawPointer(source).assumingMemoryBound(to: GTypeInstance.self),
                                         gst_element_get_type()) != 0,
              let factory = ElementFactory.of(UnsafeMutableRawPointer(source).assumingMemoryBound(to: GstElement.self)),
              let klass = ElementFactory.klass(factory) else { return false }
        return klass.contains("Decoder")
    }
}
