import CGLib
import CGtk
import FeedGObject
import FeedMedia
import Foundation

/// Turns decoded pixels into a GdkTexture. GTK thread only.
@MainActor
enum TextureFactory {
    /// A GdkMemoryTexture holding a copy of `image`'s pixels, or nil if GTK
    /// refuses the size.
    static func texture(from image: DecodedImage) -> GObjectRef? {
        let bytes = image.bytes.withUnsafeBytes { buffer in
            g_bytes_new(buffer.baseAddress, gsize(buffer.count))
        }
        defer { g_bytes_unref(bytes) }
        let texture = gdk_memory_texture_new(Int32(image.width), Int32(image.height),
                                             memoryFormat(image.format), bytes, gsize(image.stride))
        return GObjectRef(owning: texture?.rawGObject)
    }

    private static func memoryFormat(_ format: PixelFormat) -> GdkMemoryFormat {
        switch format {
        case .rgb8: return GDK_MEMORY_R8G8B8
        case .rgba8: return GDK_MEMORY_R8G8B8A8
        case .bgra8Premultiplied: return FrameTextureFormat.current // opaque: a still of a video
        }
    }
}
