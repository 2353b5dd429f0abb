import CGLib
internal import CGStreamer

/// What GStreamer's registry says about the factory an element was made
/// by: its name (`souphttpsrc`, `avdec_h264`) and its klass
/// (`Codec/Decoder/Video`). Any thread.
enum ElementFactory {
    /// The factory of `element`; nil for an element made without one.
    static func of(_ element: UnsafeMutablePointer<GstElement>) -> OpaquePointer? {
        gst_element_get_factory(element)
    }

    /// A factory's name (its feature's object name).
    static func name(_ factory: OpaquePointer) -> String? {
        guard let name = gst_object_get_name(UnsafeMutableRawPointer(factory).assumingMemoryBound(to: GstObject.self)) else { return nil }
        defer { g_free(name) }
        return String(cString: name)
    }

    /// A factory's klass, its parts separated by "/".
    static func klass(_ factory: OpaquePointer) -> String? {
        gst_element_factory_get_metadata(factory, "klass").map { String(cString: $0) }
    }
}
