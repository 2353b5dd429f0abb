import CGLib
import FeedCore
import FeedSources
import Foundation

/// An animated picture (a GIF, an animated WebP) played frame by frame at
/// the page's size, through gdk-pixbuf's animation API.
///
/// Why gdk-pixbuf: GStreamer 1.22 plays GIFs but has no demuxer for
/// animated WebP; the GIF and WebP loaders animate both. The GIF loader
/// keeps the compressed frames and composites one at a time, and the WebP
/// loader decodes frame by frame, so memory stays near one frame at the
/// source size plus the file. Each frame is scaled and cropped to the page
/// like a still.
///
/// Not thread-safe: gdk-pixbuf's iterator is not, so one owner calls it at a
/// time (``PictureAnimation`` is used from one serial queue). `deinit` frees
/// the animation on whichever thread drops the last reference.
/// `@unchecked Sendable`: one owner calls it at a time, on one thread (the animation thread); only `deinit` may run elsewhere.
public final class PictureAnimation: @unchecked Sendable {
    /// Files larger than this are shown as a still: the animation loaders
    /// read the whole file into memory.
    public static let maxFileBytes: Int64 = 64 * 1024 * 1024

    private let animation: OpaquePointer
    private var iterator: OpaquePointer
    private let box: PixelSize
    private let fit: ContentFit
    /// Frames handed out so far.
    public private(set) var framesShown = 0

    private init(animation: OpaquePointer, iterator: OpaquePointer, box: PixelSize, fit: ContentFit) {
        self.animation = animation
        self.iterator = iterator
        self.box = box
        self.fit = fit
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(iterator))
        g_object_unref(UnsafeMutableRawPointer(animation))
    }

    /// Opens `file` as an animation for a `box`-sized page; nil when it is
    /// a still (one frame, or a format that does not animate). The header's
    /// pixel limit is the stills' (``ImageDecoder``). Blocking; any thread.
    public static func open(file: URL, box: PixelSize, fit: ContentFit) throws -> PictureAnimation? {
        let bytes = FileSystemPath(file)
        let path = bytes.display
        guard let (stored, format) = ImageDecoder.header(of: file), ["gif", "webp"].contains(format) else { return nil }
        let limit = ImageDecoder.maxPixels(format: format)
        guard stored.width * stored.height <= limit else {
            throw MediaDecodeError.tooManyPixels(path, width: stored.width, height: stored.height, limit: limit)
        }
        var info = stat()
        guard bytes.withCString({ stat($0, &info) }) == 0, Int64(info.st_size) <= maxFileBytes else { return nil }
        var error: UnsafeMutablePointer<GError>?
        let made = bytes.withCString { gdk_pixbuf_animation_new_from_file($0, &error) }
        if let failure = error {
            let reason = String(cString: failure.pointee.message)
            g_error_free(failure)
            if let made { g_object_unref(UnsafeMutableRawPointer(made)) }
            throw MediaDecodeError.corrupt(path, reason: reason)
        }
        guard let made else { return nil }
        guard gdk_pixbuf_animation_is_static_image(made) == 0, let iterator = gdk_pixbuf_animation_get_iter(made, nil) else {
            g_object_unref(UnsafeMutableRawPointer(made))
            return nil
        }
        return PictureAnimation(animation: made, iterator: iterator, box: box, fit: fit)
    }

    /// The frame due now, at page size, and how long to show it in
    /// milliseconds. An animation that ends (a GIF's loop count) starts
    /// over: posts loop. Blocking; the owner's queue.
    public func nextFrame() -> (image: DecodedImage, milliseconds: Int)? {
        gdk_pixbuf_animation_iter_advance(iterator, nil)
        var delay = Int(gdk_pixbuf_animation_iter_get_delay_time(iterator))
        if delay < 0, let again = gdk_pixbuf_animation_get_iter(animation, nil) {
            // The last frame of a finite loop: start again from the first.
            g_object_unref(UnsafeMutableRawPointer(iterator))
            iterator = again
            delay = Int(gdk_pixbuf_animation_iter_get_delay_time(iterator))
        }
        delay = AnimationDelay.milliseconds(reported: delay)
        guard let frame = gdk_pixbuf_animation_iter_get_pixbuf(iterator) else { return nil }
        let source = PixelSize(width: Int(gdk_pixbuf_get_width(frame)), height: Int(gdk_pixbuf_get_height(frame)))
        let size = fit.decodeSize(source: source, box: box)
        guard size.width > 0, size.height > 0,
              let scaled = gdk_pixbuf_scale_simple(frame, Int32(size.width), Int32(size.height), GDK_INTERP_BILINEAR) else {
            return nil
        }
        defer { g_object_unref(UnsafeMutableRawPointer(scaled)) }
        framesShown += 1
        return (ImageDecoder.crop(scaled, box: box, fit: fit), delay)
    }
}
