import CGLib
import Foundation

/// Pictures the tests write, the same in every test target: a plain
/// colour PNG through gdk-pixbuf, a two-frame animation through
/// ImageMagick, and bytes that only look like a picture.
public enum TestPictures {
    /// Writes a `width` x `height` PNG filled with `rgb` (0xRRGGBB).
    public static func write(_ file: URL, width: Int, height: Int, rgb: UInt32) throws {
        guard let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, Int32(width), Int32(height)) else {
            throw CocoaError(.fileWriteUnknown)
        }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        gdk_pixbuf_fill(pixbuf, (rgb << 8) | 0xFF)
        var error: UnsafeMutablePointer<GError>?
        guard gdk_pixbuf_savev(pixbuf, file.path, "png", nil, nil, &error) != 0 else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            g_clear_error(&error)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: message])
        }
    }

    /// A looping animation saved from the web: 180 x 320, red then blue,
    /// 250 ms a frame, as ImageMagick's `convert` writes `url`'s format
    /// (its extension: "gif", "webp").
    public static func animation(at url: URL) throws {
        let red = url.deletingPathExtension().appendingPathExtension("red.png")
        let blue = url.deletingPathExtension().appendingPathExtension("blue.png")
        try write(red, width: 180, height: 320, rgb: 0xE0_20_20)
        try write(blue, width: 180, height: 320, rgb: 0x20_20_E0)
        defer {
            try? FileManager.default.removeItem(at: red)
            try? FileManager.default.removeItem(at: blue)
        }
        let convert = Process()
        convert.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        convert.arguments = ["convert", "-delay", "25", "-loop", "0", red.path, blue.path, url.path]
        convert.standardOutput = FileHandle.nullDevice
        try convert.run()
        convert.waitUntilExit()
        guard convert.terminationStatus == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey:
                "convert exited with \(convert.terminationStatus) (ImageMagick comes with meson-helpers/setup-debian.sh)"])
        }
    }

    /// Bytes named like a picture that no loader can read.
    public static func damaged(_ url: URL) throws {
        try Data("not a picture at all, only words".utf8).write(to: url)
    }
}
