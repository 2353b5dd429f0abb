import CFlickGtkShim
import CGLib
import CGtk
import Foundation
import Testing

/// Set by the free function of the test's pixel bytes (GTK thread only).
@MainActor private var pixelsReleased = false

/// The frame paintable's cairo-image path (what video frames use under the
/// cairo renderer): it takes frames whose size and stride cairo can draw,
/// refuses the rest and keeps what it showed, and lets a frame's bytes go
/// once it shows another. Drawing them on screen is checked by the app's
/// "Frames on screen" tests.
@MainActor
@Suite("The frame paintable's cairo images", .serialized)
struct FramePaintableTests {
    /// `height` rows of `stride` bytes, opaque blue BGRA; frees set `pixelsReleased`.
    private func pixels(width: Int, height: Int, stride: Int, rows: Int? = nil) -> OpaquePointer {
        let count = stride * (rows ?? height)
        let memory = g_malloc0(gsize(count))!
        let bytes = memory.assumingMemoryBound(to: UInt8.self)
        for offset in Swift.stride(from: 0, to: count - 3, by: 4) { bytes[offset] = 255; bytes[offset + 3] = 255 }
        return g_bytes_new_with_free_func(memory, gsize(count), { data in
            g_free(data)
            MainActor.assumeIsolated { pixelsReleased = true }
        }, memory)
    }

    private func size(_ paintable: UnsafeMutableRawPointer) -> (Int32, Int32) {
        let object = OpaquePointer(paintable)
        return (gdk_paintable_get_intrinsic_width(object), gdk_paintable_get_intrinsic_height(object))
    }

    @Test("a drawable frame is shown at its size; a bad stride or a short buffer is refused and the last frame stays")
    func acceptsAndRefuses() throws {
        gtk_init()
        let paintable = try #require(flick_frame_paintable_new())
        defer { g_object_unref(paintable) }

        let good = pixels(width: 6, height: 4, stride: 24)
        #expect(flick_frame_paintable_set_opaque_pixels(paintable, UnsafeMutableRawPointer(good), 6, 4, 24) == 1)
        g_bytes_unref(good)
        #expect(size(paintable) == (6, 4))

        let odd = pixels(width: 5, height: 4, stride: 22)
        #expect(flick_frame_paintable_set_opaque_pixels(paintable, UnsafeMutableRawPointer(odd), 5, 4, 22) == 0,
                "a stride that is not a multiple of 4")
        g_bytes_unref(odd)
        let narrow = pixels(width: 6, height: 4, stride: 16)
        #expect(flick_frame_paintable_set_opaque_pixels(paintable, UnsafeMutableRawPointer(narrow), 6, 4, 16) == 0,
                "a stride shorter than a row")
        g_bytes_unref(narrow)
        let short = pixels(width: 8, height: 8, stride: 32, rows: 7)
        #expect(flick_frame_paintable_set_opaque_pixels(paintable, UnsafeMutableRawPointer(short), 8, 8, 32) == 0,
                "a buffer one row short")
        g_bytes_unref(short)
        #expect(size(paintable) == (6, 4), "a refused frame leaves the last one shown")
    }

    @Test("a frame's bytes are held while it is shown and let go when another frame replaces it")
    func releasesReplacedBytes() throws {
        gtk_init()
        let paintable = try #require(flick_frame_paintable_new())
        defer { g_object_unref(paintable) }
        pixelsReleased = false
        let first = pixels(width: 4, height: 2, stride: 16)
        #expect(flick_frame_paintable_set_opaque_pixels(paintable, UnsafeMutableRawPointer(first), 4, 2, 16) == 1)
        g_bytes_unref(first)
        #expect(!pixelsReleased, "the paintable holds the bytes it shows")

        let other = [UInt8](repeating: 255, count: 8 * 3 * 4)
        let replacement = other.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count))! }
        defer { g_bytes_unref(replacement) }
        #expect(flick_frame_paintable_set_opaque_pixels(paintable, UnsafeMutableRawPointer(replacement), 8, 3, 32) == 1)
        #expect(pixelsReleased, "the replaced frame's bytes go back at once")
        #expect(size(paintable) == (8, 3))
    }

    @Test("a drawn node keeps its own frame: it draws it after the paintable moved on, and lets its bytes go when it is freed")
    func nodeKeepsItsFrame() throws {
        gtk_init()
        let paintable = try #require(flick_frame_paintable_new())
        defer { g_object_unref(paintable) }
        pixelsReleased = false
        let blue = pixels(width: 4, height: 2, stride: 16)
        #expect(flick_frame_paintable_set_opaque_pixels(paintable, UnsafeMutableRawPointer(blue), 4, 2, 16) == 1)
        g_bytes_unref(blue)
        let snapshot = gtk_snapshot_new()
        gdk_paintable_snapshot(OpaquePointer(paintable), snapshot, 4, 2)
        let node = try #require(gtk_snapshot_free_to_node(snapshot))

        let white = [UInt8](repeating: 255, count: 4 * 2 * 4)
        let replacement = white.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count))! }
        defer { g_bytes_unref(replacement) }
        #expect(flick_frame_paintable_set_opaque_pixels(paintable, UnsafeMutableRawPointer(replacement), 4, 2, 16) == 1)
        #expect(!pixelsReleased, "the node still holds the frame it was made with")

        let target = try #require(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 4, 2))
        defer { cairo_surface_destroy(target) }
        let cr = try #require(cairo_create(target))
        gsk_render_node_draw(node, cr)
        cairo_destroy(cr)
        cairo_surface_flush(target)
        let drawn = try #require(cairo_image_surface_get_data(target))
        #expect(Array(UnsafeBufferPointer(start: drawn, count: 4)) == [255, 0, 0, 255], "the node's frame: opaque blue")

        gsk_render_node_unref(node)
        #expect(pixelsReleased, "the frame's bytes go with the last node that drew it")
    }
}
