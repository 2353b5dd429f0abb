import CGLib
import FeedCore

/// Which content types Flick shows, and as what.
public enum MediaContentType {
    /// `video/*` is a video, `audio/*` a sound; `image/*` is a picture when
    /// gdk-pixbuf has a loader for it.
    static func kind(of contentType: String) -> FeedItem.Kind? {
        FolderFileRule.kind(of: contentType, loadable: isLoadableImage(contentType))
    }

    /// Whether `contentType` is an `image/*` type a loader reads: the only
    /// types FolderFileRule asks about (the check walks every loader's
    /// types, so others are not checked at all).
    static func isLoadableImage(_ contentType: String) -> Bool {
        contentType.hasPrefix("image/") && isLoadablePicture(contentType)
    }

    static func isLoadablePicture(_ contentType: String) -> Bool {
        pictureTypes.contains(contentType)
            || pictureTypes.contains { g_content_type_is_a(contentType, $0) != 0 }
    }

    /// The MIME types of gdk-pixbuf's installed loaders, read once.
    static let pictureTypes: Set<String> = {
        var types: Set<String> = []
        forEachLoader { format in
            guard let mimes = gdk_pixbuf_format_get_mime_types(format) else { return }
            var index = 0
            while let mime = mimes[index] {
                types.insert(String(cString: mime))
                index += 1
            }
            g_strfreev(mimes)
        }
        return types
    }()

    /// The names of the picture formats gdk-pixbuf's installed loaders
    /// read ("avif", "heif", "jpeg", "png", "webp", ...), sorted, read once:
    /// what Flick says it shows comes from here, never from a fixed list.
    public static let pictureFormatNames: [String] = {
        var names: Set<String> = []
        forEachLoader { format in
            guard let name = gdk_pixbuf_format_get_name(format) else { return }
            names.insert(String(cString: name))
            g_free(name)
        }
        return names.sorted()
    }()

    /// Calls `body` with each of gdk-pixbuf's loaders (borrowed).
    private static func forEachLoader(_ body: (OpaquePointer) -> Void) {
        let formats = gdk_pixbuf_get_formats()
        defer { g_slist_free(formats) }
        var node = formats
        while let current = node {
            if let format = current.pointee.data { body(OpaquePointer(format)) }
            node = current.pointee.next
        }
    }
}
