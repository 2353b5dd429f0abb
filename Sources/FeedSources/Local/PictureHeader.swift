import CGLib
import FeedCore
import Foundation

/// A picture file's stored size and format, read from its header without
/// decoding it (gdk_pixbuf_get_file_info): what a folder's scan records of
/// a picture and what the engine checks before it decodes one. Stateless;
/// blocking; any thread.
public enum PictureHeader {
    /// The size as stored and gdk-pixbuf's name of the format ("jpeg",
    /// "png", ...), or nil when the file is not a regular file or
    /// gdk-pixbuf does not recognise it.
    public static func read(_ file: URL) -> (size: PixelSize, format: String)? {
        let path = FileSystemPath(file)
        // gdk-pixbuf opens what it is given: a named pipe would hold this thread for ever.
        guard path.kind() == .regular else { return nil }
        return read(at: path)
    }

    /// The header of a file already known to be a regular file.
    public static func read(at path: FileSystemPath) -> (size: PixelSize, format: String)? {
        var width: Int32 = 0
        var height: Int32 = 0
        guard let format = path.withCString({ gdk_pixbuf_get_file_info($0, &width, &height) }), width > 0, height > 0 else {
            return nil
        }
        let name = gdk_pixbuf_format_get_name(format).map { text in
            defer { g_free(text) }
            return String(cString: text)
        } ?? ""
        return (PixelSize(width: Int(width), height: Int(height)), name)
    }
}
