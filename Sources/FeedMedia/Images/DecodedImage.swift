import FeedCore
import Foundation

/// How the bytes of a ``DecodedImage`` are laid out, one case per GdkMemoryFormat it maps to.
public enum PixelFormat: Sendable, Equatable {
    /// 3 bytes per pixel, R G B (GDK_MEMORY_R8G8B8). Opaque pictures.
    case rgb8
    /// 4 bytes per pixel, B G R A, colour already multiplied by alpha
    /// (GDK_MEMORY_B8G8R8A8_PREMULTIPLIED, GDK's default). Video frames,
    /// which are opaque: GTK 4.8's GL renderer uploads it as it is, where
    /// RGBA is converted pixel by pixel on every frame. (Its cairo renderer
    /// converts every format on every draw; FeedUI's FrameTextureFormat
    /// declares opaque frames there in the format it converts fastest.)
    case bgra8Premultiplied
    /// 4 bytes per pixel, R G B A, straight alpha (GDK_MEMORY_R8G8B8A8).
    /// Pictures with transparency.
    case rgba8

    public var bytesPerPixel: Int { self == .rgb8 ? 3 : 4 }
}

/// Pixels in memory, tightly described, ready for a GdkMemoryTexture (the UI builds the texture).
///
/// A plain value: made on a worker thread, handed to the GTK thread.
public struct DecodedImage: Sendable {
    public let bytes: Data
    public let width: Int
    public let height: Int
    /// Bytes from the start of one row to the next (`width * bytesPerPixel` here: rows are packed).
    public let stride: Int
    public let format: PixelFormat

    public init(bytes: Data, width: Int, height: Int, stride: Int, format: PixelFormat) {
        precondition(width > 0 && height > 0 && stride >= width * format.bytesPerPixel
                     && bytes.count >= stride * (height - 1) + width * format.bytesPerPixel,
                     "DecodedImage: \(bytes.count) bytes cannot hold \(width)x\(height) at stride \(stride)")
        self.bytes = bytes
        self.width = width
        self.height = height
        self.stride = stride
        self.format = format
    }

    /// Copies the `rect` part of rows found at `base` (each `sourceStride`
    /// bytes apart) into a packed image. The caller keeps `base` valid.
    static func copying(from base: UnsafeRawPointer, sourceStride: Int, rect: PixelRect,
                        format: PixelFormat) -> DecodedImage {
        let bpp = format.bytesPerPixel
        let rowBytes = rect.width * bpp
        var data = Data(count: rowBytes * rect.height)
        data.withUnsafeMutableBytes { (target: UnsafeMutableRawBufferPointer) in
            guard let out = target.baseAddress else { return }
            for row in 0..<rect.height {
                let source = base + (rect.y + row) * sourceStride + rect.x * bpp
                (out + row * rowBytes).copyMemory(from: source, byteCount: rowBytes)
            }
        }
        return DecodedImage(bytes: data, width: rect.width, height: rect.height, stride: rowBytes, format: format)
    }
}
