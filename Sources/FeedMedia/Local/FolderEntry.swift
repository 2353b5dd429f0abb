import CGLib
import FeedCore
import Foundation

/// One media file found by ``FolderScanner``, copied out of its GFileInfo.
struct FolderEntry {
    /// Identifies a folder on disk, whatever path reached it.
    struct DirectoryKey: Hashable {
        var device: UInt32
        var inode: UInt64

        init(_ info: OpaquePointer) {
            device = g_file_info_get_attribute_uint32(info, "unix::device")
            inode = UInt64(g_file_info_get_attribute_uint64(info, "unix::inode"))
        }
    }

    var kind: FeedItem.Kind
    var path: String
    var uri: String
    var displayName: String
    /// Microseconds since 1970.
    var modified: UInt64
    var size: PixelSize?

    /// nil when the file is neither a video nor a picture gdk-pixbuf loads.
    init?(file: OpaquePointer, info: OpaquePointer) {
        guard let type = g_file_info_get_content_type(info).map({ String(cString: $0) }),
              let kind = MediaContentType.kind(of: type),
              let path = g_file_get_path(file) else { return nil }
        self.path = String(cString: path)
        g_free(path)
        let uri = g_file_get_uri(file)
        self.uri = uri.map { String(cString: $0) } ?? URL(fileURLWithPath: self.path).absoluteString
        g_free(uri)
        self.kind = kind
        displayName = g_file_info_get_display_name(info).map { String(cString: $0) } ?? (self.path as NSString).lastPathComponent
        modified = UInt64(g_file_info_get_attribute_uint64(info, "time::modified")) * 1_000_000
            + UInt64(g_file_info_get_attribute_uint32(info, "time::modified-usec"))
        size = kind == .image ? ImageDecoder.size(of: URL(fileURLWithPath: self.path)) : nil
    }

    func item(dates: DateFormatter) -> FeedItem {
        let title = (displayName as NSString).deletingPathExtension
        let date = Date(timeIntervalSince1970: Double(modified) / 1_000_000)
        return FeedItem(id: path, kind: kind, uri: uri, width: size?.width, height: size?.height,
                        title: title.isEmpty ? displayName : title,
                        subtitle: dates.string(from: date),
                        accessibilityLabel: "\(kind.spokenName): \(title.isEmpty ? displayName : title)")
    }
}
