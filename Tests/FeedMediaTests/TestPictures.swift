import CGLib
import Foundation

/// Writes a `width` x `height` RGB picture whose pixels come from `color`, with gdk-pixbuf.
/// `type` is a gdk-pixbuf saver name: "png" or "jpeg".
func writePicture(_ url: URL, width: Int, height: Int, type: String = "png",
                  color: (Int, Int) -> (UInt8, UInt8, UInt8)) throws {
    var bytes = [UInt8](repeating: 0, count: width * height * 3)
    for y in 0..<height {
        for x in 0..<width {
            let (r, g, b) = color(x, y)
            let i = (y * width + x) * 3
            bytes[i] = r
            bytes[i + 1] = g
            bytes[i + 2] = b
        }
    }
    var error: UnsafeMutablePointer<GError>?
    let saved = bytes.withUnsafeMutableBufferPointer { buffer -> Bool in
        // The pixbuf borrows `bytes` and is gone before this closure returns.
        guard let pixbuf = gdk_pixbuf_new_from_data(buffer.baseAddress, GDK_COLORSPACE_RGB, 0, 8,
                                                    Int32(width), Int32(height), Int32(width * 3), nil, nil) else {
            return false
        }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        return gdk_pixbuf_savev(pixbuf, url.path, type, nil, nil, &error) != 0
    }
    if let failure = error {
        let message = String(cString: failure.pointee.message)
        g_error_free(failure)
        throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: message])
    }
    if !saved { throw CocoaError(.fileWriteUnknown) }
}
