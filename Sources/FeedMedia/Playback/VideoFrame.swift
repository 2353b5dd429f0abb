import CGLib
internal import CGStreamer
import FeedCore
import FeedGObject

/// One decoded video frame handed to the GTK thread.
///
/// The GstBuffer stays mapped (zero copy) until `bytes` is released: `bytes`
/// is a `GBytes` whose free function unmaps and unrefs the buffer. The frame
/// owns one reference to it and drops it in `deinit`; a texture made from it
/// takes its own. Immutable; made on a streaming thread, used on the GTK
/// thread (GBytes are immutable and counted atomically).
public final class VideoFrame: Sendable {
    /// Size in pixels.
    public let width: Int
    public let height: Int
    /// Bytes from the start of one row to the next.
    public let stride: Int
    /// Always `.bgra8Premultiplied`: the appsink asks for BGRA and video is
    /// opaque, so straight and premultiplied alpha are the same bytes.
    public let format: PixelFormat
    /// A `GBytes *` holding the mapped frame; owned by this frame.
    public var bytes: OpaquePointer { bytesHandle.raw }
    private let bytesHandle: SharedHandle
    /// The generation of the player binding that produced the frame.
    public let generation: UInt64
    /// The buffer's presentation time in seconds, when it has one.
    public let pts: Double?

    init(width: Int, height: Int, stride: Int, format: PixelFormat, bytes: OpaquePointer,
         generation: UInt64, pts: Double?) {
        self.width = width
        self.height = height
        self.stride = stride
        self.format = format
        bytesHandle = SharedHandle(bytes)
        self.generation = generation
        self.pts = pts
    }

    deinit {
        g_bytes_unref(bytes)
    }

    /// Wraps the `visible` part (see ``ScaleRequest/visibleRect(decoded:)``)
    /// of a BGRA `sample`'s frame without copying it: the bytes start at the
    /// part's first pixel and keep the frame's stride. Streaming thread; the
    /// caller keeps its own reference to the sample.
    static func wrapping(_ sample: OpaquePointer, generation: UInt64,
                         visible: (PixelSize) -> PixelRect) -> VideoFrame? {
        guard let caps = gst_sample_get_caps(sample), let buffer = gst_sample_get_buffer(sample) else { return nil }
        var info = GstVideoInfo()
        guard gst_video_info_from_caps(&info, caps) != 0, info.width > 0, info.height > 0 else { return nil }
        var stride = Int(info.stride.0)
        var offset = Int(info.offset.0)
        // A producer may lay rows out differently from the caps' defaults: its meta wins.
        if let meta = gst_buffer_get_meta(buffer, gst_video_meta_api_get_type()) {
            let videoMeta = UnsafeMutableRawPointer(meta).assumingMemoryBound(to: GstVideoMeta.self)
            stride = Int(videoMeta.pointee.stride.0)
            offset = Int(videoMeta.pointee.offset.0)
        }
        let decoded = PixelSize(width: Int(info.width), height: Int(info.height))
        let rect = visible(decoded)
        guard rect.x >= 0, rect.y >= 0, rect.width > 0, rect.height > 0,
              rect.x + rect.width <= decoded.width, rect.y + rect.height <= decoded.height,
              let mapped = MappedBuffer.map(buffer) else { return nil }
        let width = rect.width, height = rect.height
        offset += rect.y * stride + rect.x * 4
        let needed = offset + stride * (height - 1) + width * 4
        // On failure `mapped` goes away here, unmapping and unreffing the buffer.
        guard stride >= width * 4, mapped.size >= needed, let base = mapped.data,
              let bytes = g_bytes_new_with_free_func(base + offset, gsize(mapped.size - offset),
                                                     MappedBuffer.freeFunc, mapped.retainedPointer()) else {
            return nil
        }
        let pts = buffer.pointee.pts
        return VideoFrame(width: width, height: height, stride: stride, format: .bgra8Premultiplied,
                          bytes: bytes, generation: generation,
                          pts: pts == UInt64.max ? nil : Double(pts) / 1e9)
    }
}

/// A buffer reference and its READ mapping, kept until GLib frees the `GBytes`
/// that points into it. Any thread (the last owner of the bytes frees it).
/// `@unchecked Sendable`: made once, unmapped once by whichever thread frees the bytes last.
private final class MappedBuffer: @unchecked Sendable {
    private let buffer: UnsafeMutablePointer<GstBuffer>
    private var info = GstMapInfo()

    private init(buffer: UnsafeMutablePointer<GstBuffer>) {
        self.buffer = buffer
    }

    /// Takes a reference to `buffer` and maps it for reading; nil if it cannot be mapped.
    static func map(_ buffer: UnsafeMutablePointer<GstBuffer>) -> MappedBuffer? {
        let mapped = MappedBuffer(buffer: gst_buffer_ref(buffer))
        mapped.isMapped = gst_buffer_map(mapped.buffer, &mapped.info, GST_MAP_READ) != 0
        return mapped.isMapped ? mapped : nil
    }

    private var isMapped = false
    var data: UnsafeMutablePointer<guint8>? { info.data }
    var size: Int { Int(info.size) }

    /// A retained pointer for the `GBytes` free function.
    func retainedPointer() -> UnsafeMutableRawPointer { Unmanaged.passRetained(self).toOpaque() }

    deinit {
        if isMapped { gst_buffer_unmap(buffer, &info) }
        gst_buffer_unref(buffer)
    }

    /// GDestroyNotify for `g_bytes_new_with_free_func`.
    static let freeFunc: GDestroyNotify = { data in
        guard let data else { return }
        Unmanaged<MappedBuffer>.fromOpaque(data).release()
    }
}
