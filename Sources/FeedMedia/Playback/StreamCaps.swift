internal import CGStreamer
import FeedCore

/// Reads a video stream's caps, as the size probes see them.
enum StreamCaps {
    /// The frame's `width` and `height` in the caps' own pixels (raw or
    /// coded, as the caps are); nil without a positive size.
    static func pixelSize(_ caps: UnsafeMutablePointer<GstCaps>) -> PixelSize? {
        guard let structure = gst_caps_get_structure(caps, 0) else { return nil }
        var width: Int32 = 0, height: Int32 = 0
        guard gst_structure_get_int(structure, "width", &width) != 0,
              gst_structure_get_int(structure, "height", &height) != 0, width > 0, height > 0 else { return nil }
        return PixelSize(width: Int(width), height: Int(height))
    }

    /// The size a frame is shown at in square pixels (width scaled by the
    /// pixel aspect ratio, which a missing or broken ratio leaves at 1/1),
    /// as stored: before any orientation. Nil without a positive size.
    static func displaySize(_ caps: UnsafeMutablePointer<GstCaps>) -> PixelSize? {
        guard let size = pixelSize(caps), let structure = gst_caps_get_structure(caps, 0) else { return nil }
        var parN: Int32 = 1, parD: Int32 = 1
        if gst_structure_get_fraction(structure, "pixel-aspect-ratio", &parN, &parD) == 0 || parN <= 0 || parD <= 0 {
            parN = 1
            parD = 1
        }
        return PixelSize(width: Int(saturatingRounded: Double(size.width) * Double(parN) / Double(parD)), height: size.height)
    }

    /// The capsfilter caps for BGRA frames of `size`.
    static func bgra(_ size: PixelSize) -> String {
        "video/x-raw,format=BGRA,width=\(size.width),height=\(size.height),pixel-aspect-ratio=1/1"
    }
}
