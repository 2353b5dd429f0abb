import CFlickGLibShim
import CGLib
internal import CGStreamer
import FeedCore
import FeedGObject
import Synchronization

/// How a player's HLS demuxer reads its segments: ahead of the playhead,
/// and as its post's reader.
///
/// - Ahead (FeedCore's ``SegmentsAhead``): the decodebin the demuxer is
///   plugged into gets queues of seconds instead of decodebin's two
///   buffers for adaptive streams, so the next segment is asked for while
///   seconds are still queued; their bytes follow the rendition pinned
///   (``size(bandwidth:)``), then the rate its segments are measured at
///   (bytes into the container demuxer against the time out of it).
/// - Queued: the container demuxer after it (`tsdemux`, `qtdemux`) stamps
///   how far its output reaches; what lies between that and the playhead
///   is what a segment read may wait through before the playhead starves
///   (``queuedSeconds()``, for the cache source's buffering report).
/// - Reader: each segment is its own file in the cache, but the session
///   says who reads the post by its master's key; segment reads take that
///   reader (``of(source:)``, ``postKey``), so a prepared post stops at its
///   first frame's segments as a prepared file stops at its first bytes.
///
/// The demuxer and the source elements are found through data set on the
/// demuxer and its decodebin (`flick-segment-queue`). Streaming threads add
/// elements and stamp buffers; the GTK thread restarts a binding; a mutex
/// guards the state.
final class SegmentQueue: Sendable {
    /// The object data naming the queue of the demuxer an element is in.
    private static let dataKey = "flick-segment-queue"

    private struct State: Sendable {
        var playbin: WeakObjectRef?
        /// The HLS demuxer's decodebin and the queues in it, this binding's.
        var decodebin: WeakObjectRef?
        var queues: [WeakObjectRef] = []
        /// The stream's rate the queues are sized for, bits per second:
        /// the pinned rendition's bandwidth, then what was measured.
        var rate: Double?
        /// Bytes into the container demuxer since `measuredFrom` (stream seconds out of it).
        var measuredBytes = 0
        var measuredFrom: Double?
        /// The bound post's key (its master playlist's), nil for a file.
        var postKey: CacheKey?
        /// The stream time, in seconds, the container demuxer's output has
        /// reached since the binding or its last flush.
        var queuedThrough: Double?
    }

    private let state = Mutex(State())

    /// Watches every element added anywhere inside `playbin`, for its life.
    func watch(_ playbin: UnsafeMutablePointer<GstElement>) {
        state.withLock { $0.playbin = WeakObjectRef(UnsafeMutableRawPointer(playbin)) }
        StreamingSignal.connect(playbin, "deep-element-added", unsafeBitCast(elementAdded, to: GCallback.self), holding: self)
    }

    /// A new binding (GTK thread): its post's key, nothing queued.
    func restart(uri: String) {
        let key = CacheURI.parse(uri)?.key
        state.withLock { $0 = State(playbin: $0.playbin, postKey: key) }
    }

    /// The rendition pinned plays at `bandwidth` bits per second (any
    /// thread): the queues hold its seconds.
    func size(bandwidth: Int?) {
        resize { state in
            state.rate = bandwidth.map(Double.init)
            state.measuredBytes = 0
            state.measuredFrom = nil
        }
    }

    /// Changes the rate, then sizes the decodebin and its queues for it.
    private func resize(_ change: (inout State) -> Void) {
        let (targets, rate) = state.withLock { state in
            change(&state)
            return (([state.decodebin] + state.queues).compactMap { $0?.strong() }, state.rate)
        }
        let bytes = UInt32(SegmentsAhead.queueBytes(bitsPerSecond: rate))
        for target in targets { flick_object_set_uint(UnsafeMutableRawPointer(target.object), "max-size-bytes", bytes) }
    }

    /// The key the session gives the bound post's reader by.
    var postKey: CacheKey? { state.withLock { $0.postKey } }

    /// Seconds of media queued ahead of the playhead (any thread but the
    /// GTK thread's own bus dispatch: it asks the pipeline its position);
    /// 0 when unknown.
    func queuedSeconds() -> Double {
        let (through, playbin) = state.withLock { ($0.queuedThrough, $0.playbin) }
        guard let through, let pipeline = playbin?.strong() else { return 0 }
        var position: gint64 = 0
        guard gst_element_query_position(UnsafeMutableRawPointer(pipeline.object).assumingMemoryBound(to: GstElement.self),
                                         GST_FORMAT_TIME, &position) != 0, position >= 0 else { return 0 }
        return max(0, through - Double(position) / 1e9)
    }

    /// The queue of the HLS demuxer a source element reads segments for
    /// (streaming thread, when the source starts); nil for a source that
    /// reads a file or a playlist.
    static func of(source: UnsafeMutableRawPointer) -> SegmentQueue? {
        // The source sits in a bin of the demuxer's own: a few levels at most.
        var object = gst_object_get_parent(source.assumingMemoryBound(to: GstObject.self))
        for _ in 0..<4 {
            guard let current = object else { return nil }
            defer { gst_object_unref(UnsafeMutableRawPointer(current)) }
            if let data = g_object_get_data(UnsafeMutableRawPointer(current).assumingMemoryBound(to: GObject.self), dataKey) {
                return Unmanaged<SegmentQueue>.fromOpaque(data).takeUnretainedValue()
            }
            object = gst_object_get_parent(current)
        }
        if let object { gst_object_unref(UnsafeMutableRawPointer(object)) }
        return nil
    }

    /// Any thread: an HLS demuxer's decodebin sizes its queues (decodebin
    /// reads the sizes when it makes them, after the demuxer); a container
    /// demuxer in that decodebin has its output stamped.
    fileprivate func added(_ element: UnsafeMutablePointer<GstElement>, in bin: UnsafeMutableRawPointer) {
        guard let factory = ElementFactory.of(element), let name = ElementFactory.name(factory) else { return }
        let binObject = bin.assumingMemoryBound(to: GObject.self)
        if name == "hlsdemux" {
            guard let binFactory = ElementFactory.of(bin.assumingMemoryBound(to: GstElement.self)),
                  ElementFactory.name(binFactory) == "decodebin" else { return }
            let rate = state.withLock { state in
                state.decodebin = WeakObjectRef(bin)
                state.queues = []
                return state.rate
            }
            flick_object_set_uint(bin, "max-size-buffers", UInt32(SegmentsAhead.queueBuffers))
            flick_object_set_uint(bin, "max-size-bytes", UInt32(SegmentsAhead.queueBytes(bitsPerSecond: rate)))
            flick_object_set_int64(bin, "max-size-time", Int64(SegmentsAhead.maxStreamSeconds * 1e9))
            mark(UnsafeMutableRawPointer(element).assumingMemoryBound(to: GObject.self))
            mark(binObject)
            return
        }
        guard g_object_get_data(binObject, Self.dataKey) == Unmanaged.passUnretained(self).toOpaque() else { return }
        if name == "multiqueue" {
            // decodebin sizes it from its own properties; a later pin resizes it.
            state.withLock { $0.queues.append(WeakObjectRef(UnsafeMutableRawPointer(element))) }
        } else if ElementFactory.klass(factory)?.split(separator: "/").contains("Demuxer") == true {
            StreamingSignal.connect(UnsafeMutableRawPointer(element), "pad-added",
                                    unsafeBitCast(demuxerPadAdded, to: GCallback.self), holding: self)
            if let sink = gst_element_get_static_pad(element, "sink") {
                count(sink)
                gst_object_unref(UnsafeMutableRawPointer(sink))
            }
        }
    }

    /// Names this queue on `object` for the elements found inside it.
    private func mark(_ object: UnsafeMutablePointer<GObject>) {
        g_object_set_data_full(object, Self.dataKey, Unmanaged.passRetained(self).toOpaque()) { data in
            guard let data else { return }
            Unmanaged<SegmentQueue>.fromOpaque(data).release()
        }
    }

    /// A container demuxer's new output (a streaming thread): its buffers stamp how far it reached.
    fileprivate func stamp(_ pad: UnsafeMutablePointer<GstPad>) {
        let types = GST_PAD_PROBE_TYPE_BUFFER.rawValue | GST_PAD_PROBE_TYPE_EVENT_FLUSH.rawValue
        gst_pad_add_probe(pad, GstPadProbeType(rawValue: types), { pad, info, data in
            guard let pad, let info, let data else { return GST_PAD_PROBE_OK }
            Unmanaged<SegmentQueue>.fromOpaque(data).takeUnretainedValue().passed(info, on: pad)
            return GST_PAD_PROBE_OK
        }, Unmanaged.passRetained(self).toOpaque(), { data in
            guard let data else { return }
            Unmanaged<SegmentQueue>.fromOpaque(data).release()
        })
    }

    /// A container demuxer's input (a streaming thread): its bytes measure the stream's rate.
    private func count(_ pad: UnsafeMutablePointer<GstPad>) {
        gst_pad_add_probe(pad, GST_PAD_PROBE_TYPE_BUFFER, { _, info, data in
            guard let info, let data, let buffer = gst_pad_probe_info_get_buffer(info) else { return GST_PAD_PROBE_OK }
            let bytes = Int(gst_buffer_get_size(buffer))
            Unmanaged<SegmentQueue>.fromOpaque(data).takeUnretainedValue().state.withLock { $0.measuredBytes += bytes }
            return GST_PAD_PROBE_OK
        }, Unmanaged.passRetained(self).toOpaque(), { data in
            guard let data else { return }
            Unmanaged<SegmentQueue>.fromOpaque(data).release()
        })
    }

    /// One buffer or flush on a container demuxer's output (its streaming thread).
    private func passed(_ info: UnsafeMutablePointer<GstPadProbeInfo>, on pad: UnsafeMutablePointer<GstPad>) {
        if info.pointee.type.rawValue & GST_PAD_PROBE_TYPE_EVENT_FLUSH.rawValue != 0 {
            if let event = gst_pad_probe_info_get_event(info), event.pointee.type == GST_EVENT_FLUSH_STOP {
                state.withLock { state in
                    state.queuedThrough = nil
                    state.measuredFrom = nil
                    state.measuredBytes = 0
                }
            }
            return
        }
        guard let buffer = gst_pad_probe_info_get_buffer(info) else { return }
        let pts = buffer.pointee.pts
        guard pts != UInt64.max, let event = gst_pad_get_sticky_event(pad, GST_EVENT_SEGMENT, 0) else { return }
        defer { gst_mini_object_unref(UnsafeMutableRawPointer(event).assumingMemoryBound(to: GstMiniObject.self)) }
        var segment: UnsafePointer<GstSegment>?
        gst_event_parse_segment(event, &segment)
        guard let segment else { return }
        let time = gst_segment_to_stream_time(segment, GST_FORMAT_TIME, pts)
        guard time != UInt64.max else { return }
        let seconds = Double(time) / 1e9
        let measured: Double? = state.withLock { state in
            state.queuedThrough = max(state.queuedThrough ?? seconds, seconds)
            guard let from = state.measuredFrom else {
                state.measuredFrom = seconds
                state.measuredBytes = 0
                return nil
            }
            guard let rate = SegmentsAhead.measuredRate(bytes: state.measuredBytes, mediaSeconds: seconds - from) else { return nil }
            state.measuredFrom = seconds
            state.measuredBytes = 0
            return rate
        }
        // Trust what was measured: the queues hold seconds at the segments' own rate.
        if let measured { resize { $0.rate = measured } }
    }
}

/// GstBin::deep-element-added(bin, sub_bin, element, user_data).
private let elementAdded: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?,
                                          UnsafeMutablePointer<GstElement>?, UnsafeMutableRawPointer?) -> Void = {
    _, bin, element, data in
    guard let bin, let element, let data else { return }
    Unmanaged<SegmentQueue>.fromOpaque(data).takeUnretainedValue().added(element, in: bin)
}

/// GstElement::pad-added(element, pad, user_data).
private let demuxerPadAdded: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GstPad>?,
                                             UnsafeMutableRawPointer?) -> Void = {
    _, pad, data in
    guard let pad, let data, gst_pad_get_direction(pad) == GST_PAD_SRC else { return }
    Unmanaged<SegmentQueue>.fromOpaque(data).takeUnretainedValue().stamp(pad)
}
