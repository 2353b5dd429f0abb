import CFlickGLibShim
import CGLib
internal import CGStreamer
import FeedGObject

/// The appsink at the end of playbin's text branch (`text-sink`): GStreamer
/// parses the captions (subparse for SRT and WebVTT files, the demuxers'
/// own tracks) and this sink takes each cue at its time (synced to the
/// clock, never holding the preroll), reads at most
/// ``CaptionCue/maxBytes`` of it and hands it to the GTK thread with the
/// generation of the binding it belongs to. Made on the GTK thread; the
/// callbacks run on a streaming thread.
enum CueSink {
    /// A new appsink for `playbin`'s `text-sink`, or nil when appsink
    /// cannot be made (the video plays on, without captions).
    static func make(mailbox: FrameMailbox, owner: WeakPlayer) -> UnsafeMutablePointer<GstElement>? {
        guard let sink = gst_element_factory_make("appsink", "cues") else { return nil }
        let object = UnsafeMutableRawPointer(sink)
        let caps = gst_caps_from_string("text/x-raw, format=(string){ utf8, pango-markup }")
        flick_object_set_object(object, "caps", UnsafeMutableRawPointer(caps))
        if let caps { gst_caps_unref(caps) }
        flick_object_set_boolean(object, "sync", 1)
        flick_object_set_boolean(object, "async", 0)
        flick_object_set_boolean(object, "enable-last-sample", 0)
        flick_object_set_uint(object, "max-buffers", 4)
        var callbacks = GstAppSinkCallbacks()
        callbacks.new_sample = { sink, data in
            guard let sink, let data else { return GST_FLOW_OK }
            ClosureBox<Context>.from(data).value.receive(gst_app_sink_pull_sample(sink))
            return GST_FLOW_OK
        }
        let context = ClosureBox(Context(mailbox: mailbox, owner: owner))
        gst_app_sink_set_callbacks(UnsafeMutableRawPointer(sink).assumingMemoryBound(to: GstAppSink.self),
                                   &callbacks, context.retainedPointer(), releaseBoxDestroyNotify)
        return sink
    }

    /// What the callback needs; immutable, used on a streaming thread.
    private struct Context: Sendable {
        let mailbox: FrameMailbox
        let owner: WeakPlayer

        func receive(_ sample: OpaquePointer?) {
            guard let sample else { return }
            defer { gst_sample_unref(sample) }
            let generation = mailbox.acceptedGeneration
            guard generation != 0, let buffer = gst_sample_get_buffer(sample), let cue = Self.cue(buffer, sample: sample) else { return }
            MainThreadHop.send(.cue(cue, generation: generation), to: owner)
        }

        /// The cue in `buffer`: at most ``CaptionCue/maxBytes``, as UTF-8
        /// (invalid bytes replaced), markup when the caps say so.
        private static func cue(_ buffer: UnsafeMutablePointer<GstBuffer>, sample: OpaquePointer) -> CaptionCue? {
            var map = GstMapInfo()
            guard gst_buffer_map(buffer, &map, GST_MAP_READ) != 0 else { return nil }
            defer { gst_buffer_unmap(buffer, &map) }
            let count = min(Int(map.size), CaptionCue.maxBytes)
            let bytes = UnsafeBufferPointer(start: map.data, count: count)
            let text = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            var markup = false
            if let caps = gst_sample_get_caps(sample), let structure = gst_caps_get_structure(caps, 0),
               let format = gst_structure_get_string(structure, "format") {
                markup = String(cString: format) == "pango-markup"
            }
            let duration = buffer.pointee.duration
            return CaptionCue(text: text, markup: markup,
                              duration: duration == UInt64.max ? nil : Double(duration) / 1e9)
        }
    }
}
