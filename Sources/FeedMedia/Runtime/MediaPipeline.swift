import CFlickGLibShim
internal import CGStreamer
import FeedCore

/// One `gst_parse_launch` pipeline, owned by the thread that made it.
///
/// Not thread-safe and not Sendable: create, run and drop it on one thread.
/// The pipeline is set to NULL and unreffed when this object goes away, so a
/// pipeline never outlives the call that needed it.
public final class MediaPipeline {
    let element: UnsafeMutablePointer<GstElement>

    /// Parses a launch description. Elements a later call needs to reach are
    /// given `name=` in the description.
    public init(_ description: String) throws(GStreamerError) {
        var error: UnsafeMutablePointer<GError>?
        let made = gst_parse_launch(description, &error)
        if let failure = error {
            let copied = GStreamerError(failure)
            g_error_free(failure)
            if let made { gst_object_unref(UnsafeMutableRawPointer(made)) }
            throw copied
        }
        guard let made else {
            throw GStreamerError(domain: .other, code: 0, message: "could not build the pipeline \(description)")
        }
        // gst_parse_launch returns a floating reference: own it.
        element = made
        gst_object_ref_sink(UnsafeMutableRawPointer(made))
    }

    deinit {
        stop()
        gst_object_unref(UnsafeMutableRawPointer(element))
    }

    /// Sets the pipeline to NULL: sinks close their files, threads stop.
    /// Safe to call more than once.
    public func stop() {
        gst_element_set_state(element, GST_STATE_NULL)
    }

    /// Runs `body` with the element named `name` (the pipeline keeps it alive).
    func withElement<R>(_ name: String, _ body: (UnsafeMutablePointer<GstElement>) throws -> R) throws -> R {
        let bin = UnsafeMutableRawPointer(element).assumingMemoryBound(to: GstBin.self)
        guard let child = gst_bin_get_by_name(bin, name) else {
            throw GStreamerError(domain: .other, code: 0, message: "the pipeline has no element named \(name)")
        }
        defer { gst_object_unref(UnsafeMutableRawPointer(child)) }
        return try body(child)
    }

    /// Sets a string property (file names, texts) without quoting it into the description.
    public func set(_ name: String, _ property: String, string value: String) throws {
        try withElement(name) { flick_object_set_string(UnsafeMutableRawPointer($0), property, value) }
    }

    /// Plays the pipeline until end of stream.
    /// Throws the first error posted on the bus, or a timeout.
    public func runToEnd(timeout seconds: Double) throws(MediaPipelineFailure) {
        guard gst_element_set_state(element, GST_STATE_PLAYING) != GST_STATE_CHANGE_FAILURE else {
            throw .error(popError() ?? GStreamerError(domain: .other, code: 0, message: "the pipeline would not start"))
        }
        let wanted = GstMessageType(rawValue: GST_MESSAGE_EOS.rawValue | GST_MESSAGE_ERROR.rawValue)
        guard let message = popMessage(wanted, timeout: seconds) else { throw .timedOut(seconds: seconds) }
        defer { gst_message_unref(message) }
        if message.pointee.type == GST_MESSAGE_ERROR {
            throw .error(GStreamerError.parse(message))
        }
    }

    /// Waits for PAUSED (the first buffer reached every sink).
    public func preroll(timeout seconds: Double) throws(MediaPipelineFailure) {
        let change = gst_element_set_state(element, GST_STATE_PAUSED)
        if change == GST_STATE_CHANGE_FAILURE {
            throw .error(popError() ?? GStreamerError(domain: .other, code: 0, message: "the pipeline would not start"))
        }
        let result = gst_element_get_state(element, nil, nil, GstClockTime(saturating: max(0, seconds) * 1e9))
        switch result {
        case GST_STATE_CHANGE_SUCCESS, GST_STATE_CHANGE_NO_PREROLL:
            return
        case GST_STATE_CHANGE_ASYNC:
            throw .timedOut(seconds: seconds)
        default:
            // The element that failed may post its error just after the state change gave up.
            throw .error(popError(waiting: 0.2) ?? GStreamerError(domain: .stream, code: Int32(GST_STREAM_ERROR_FAILED.rawValue),
                                                                   message: "no stream reached the end of the pipeline"))
        }
    }

    /// The first ERROR on the bus, waiting up to `seconds` for one.
    private func popError(waiting seconds: Double = 0) -> GStreamerError? {
        guard let message = popMessage(GST_MESSAGE_ERROR, timeout: seconds) else { return nil }
        defer { gst_message_unref(message) }
        return GStreamerError.parse(message)
    }

    private func popMessage(_ types: GstMessageType, timeout seconds: Double) -> UnsafeMutablePointer<GstMessage>? {
        guard let bus = gst_element_get_bus(element) else { return nil }
        defer { gst_object_unref(UnsafeMutableRawPointer(bus)) }
        return gst_bus_timed_pop_filtered(bus, GstClockTime(saturating: max(0, seconds) * 1e9), types)
    }
}

/// How running a pipeline went wrong.
public enum MediaPipelineFailure: Error, Sendable {
    case error(GStreamerError)
    case timedOut(seconds: Double)
}
