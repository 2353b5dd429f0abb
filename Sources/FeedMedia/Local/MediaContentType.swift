import CGLib
import FeedCore

/// Which content types Flick shows, and as what.
enum MediaContentType {
    /// `video/*` is a video; `image/*` is a picture when gdk-pixbuf has a loader for it.
    static func kind(of contentType: String) -> FeedItem.Kind? {
        if contentType.hasPrefix("video/") { return .video }
        if contentType.hasPrefix("image/"), isLoadablePicture(contentType) { return .image }
        return nil
    }

    static func isLoadablePicture(_ contentType: String) -> Bool {
        pictureTypes.contains(contentType)
            || pictureTypes.contains { g_content_type_is_a(contentType, $0) != 0 }
    }

    /// The MIME types of gdk-pixbuf's installed loaders, read once.
    static let pictureTypes: Set<String> = {
        var types: Set<String> = []
        let formats = gdk_pixbuf_get_formats()
        defer { g_slist_free(formats) }
        var node = formats
        while let current = node {
            if let mimes = gdk_pixbuf_format_get_mime_types(OpaquePointer(current.pointee.data)) {
                var index = 0
                while let mime = mimes[index] {
                    types.insert(String(cString: mime))
                    index += 1
                }
                g_strfreev(mimes)
            }
            node = current.pointee.next
        }
        return types
    }()
}
