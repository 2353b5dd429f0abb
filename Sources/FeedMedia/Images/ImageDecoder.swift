import CGLib
import FeedCore
import FeedSources
import Foundation

/// Decodes pictures with gdk-pixbuf at the size a page shows them.
///
/// Stateless; blocking; any thread (each call uses its own pixbufs).
public enum ImageDecoder {
    /// Decodes a picture file at the page's pixel size (never the full source
    /// size: gdk-pixbuf's loaders decode near the requested size, e.g. libjpeg
    /// scales by 1/2, 1/4, 1/8 while decoding), then crops to the visible rect
    /// for cover. EXIF orientation is applied. Blocking; any thread.
    public static func decode(file: URL, box: PixelSize, fit: ContentFit) throws -> DecodedImage {
        let bytes = FileSystemPath(file)
        let path = bytes.display
        try checkReadable(bytes)
        guard let (stored, format) = PictureHeader.read(at: bytes) else { throw MediaDecodeError.notAnImage(path) }
        // A decompression bomb (a few MB claiming billions of pixels) is
        // refused on its header, before a single row is decoded.
        let limit = maxPixels(format: format)
        guard stored.width * stored.height <= limit else {
            throw MediaDecodeError.tooManyPixels(path, width: stored.width, height: stored.height, limit: limit)
        }

        var pixbuf = try load(bytes, at: fit.decodeSize(source: stored, box: box))
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let orientation = gdk_pixbuf_get_option(pixbuf, "orientation").map { String(cString: $0) } ?? "1"
        if ["5", "6", "7", "8"].contains(orientation) {
            // Rotated a quarter turn: the shown size is the stored size swapped.
            let shown = fit.decodeSize(source: PixelSize(width: stored.height, height: stored.width), box: box)
            let again = try load(bytes, at: PixelSize(width: shown.height, height: shown.width))
            g_object_unref(UnsafeMutableRawPointer(pixbuf))
            pixbuf = again
        }
        if orientation != "1", let turned = gdk_pixbuf_apply_embedded_orientation(pixbuf) {
            g_object_unref(UnsafeMutableRawPointer(pixbuf))
            pixbuf = turned
        }
        return crop(pixbuf, box: box, fit: fit)
    }

    /// The most pixels a picture may claim. JPEG is decoded at a fraction
    /// of its size (libjpeg scales by 1/2, 1/4, 1/8 while decoding), so it
    /// may claim more; gdk-pixbuf's other loaders decode every pixel before
    /// scaling, so their limit keeps that full-size buffer (4 bytes a
    /// pixel) under about 200 MB.
    public static let maxPixels = 100_000_000
    public static let maxPixelsDecodedWhole = 50_000_000

    static func maxPixels(format: String) -> Int {
        format == "jpeg" ? maxPixels : maxPixelsDecodedWhole
    }

    /// The picture's size as stored, without decoding it (gdk_pixbuf_get_file_info),
    /// or nil when gdk-pixbuf does not recognise the file.
    public static func size(of file: URL) -> PixelSize? {
        header(of: file)?.size
    }

    /// The stored size and gdk-pixbuf's name of the format ("jpeg", "png", ...), from the header only.
    static func header(of file: URL) -> (size: PixelSize, format: String)? {
        PictureHeader.read(file)
    }

    private static func checkReadable(_ path: FileSystemPath) throws {
        try checkRegular(path)
        // Without waiting: the file may have been swapped for a pipe since.
        let fd = path.withCString { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard fd >= 0 else {
            throw MediaDecodeError.unreadable(path.display, reason: String(cString: strerror(errno)))
        }
        close(fd)
    }

    /// Throws unless `path` is a regular file (a folder, a named pipe, a
    /// socket or a device is not a picture, and opening a pipe never returns).
    static func checkRegular(_ path: FileSystemPath) throws {
        switch path.kind() {
        case .regular: return
        case .folder: throw MediaDecodeError.notAFile(path.display, what: "a folder")
        case .special: throw MediaDecodeError.notAFile(path.display, what: "a pipe, socket or device")
        case nil: throw MediaDecodeError.unreadable(path.display, reason: String(cString: strerror(errno)))
        }
    }

    /// Loads at exactly `size` (the caller computed it with the source's aspect ratio).
    private static func load(_ bytes: FileSystemPath, at size: PixelSize) throws -> OpaquePointer {
        let path = bytes.display
        var error: UnsafeMutablePointer<GError>?
        let pixbuf = bytes.withCString { gdk_pixbuf_new_from_file_at_scale($0, Int32(size.width), Int32(size.height), 0, &error) }
        if let failure = error {
            let reason = String(cString: failure.pointee.message)
            let domain = failure.pointee.domain
            let code = failure.pointee.code
            g_error_free(failure)
            if let pixbuf { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
            if domain == g_file_error_quark() { throw MediaDecodeError.unreadable(path, reason: reason) }
            if domain == gdk_pixbuf_error_quark(), code == Int32(GDK_PIXBUF_ERROR_UNKNOWN_TYPE.rawValue) {
                throw MediaDecodeError.notAnImage(path)
            }
            throw MediaDecodeError.corrupt(path, reason: reason)
        }
        guard let pixbuf else { throw MediaDecodeError.corrupt(path, reason: "no pixels") }
        return pixbuf
    }

    /// Copies the visible part of the pixbuf into a packed image.
    static func crop(_ pixbuf: OpaquePointer, box: PixelSize, fit: ContentFit) -> DecodedImage {
        let decoded = PixelSize(width: Int(gdk_pixbuf_get_width(pixbuf)), height: Int(gdk_pixbuf_get_height(pixbuf)))
        let rect = fit.visibleRect(decoded: decoded, box: box)
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let format: PixelFormat = channels == 4 ? .rgba8 : .rgb8
        // gdk-pixbuf only loads 8-bit RGB and RGBA; the read-only accessor avoids a copy.
        let pixels = UnsafeRawPointer(gdk_pixbuf_read_pixels(pixbuf)!)
        return DecodedImage.copying(from: pixels, sourceStride: Int(gdk_pixbuf_get_rowstride(pixbuf)),
                                    rect: rect, format: format)
    }
}
