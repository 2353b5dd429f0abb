import FeedGObject
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
    /// The captions files beside it (``FolderScanner`` finds them last).
    var captions: [CaptionTrack] = []

    /// What one regular file is: a post, or skipped with its reason.
    enum Judgement {
        case post(FolderEntry)
        case skipped(FolderScan.Skipped)
    }

    /// Types the file by content (GIO's sniffed type) and by name, and lets
    /// ``FolderFileRule`` decide.
    static func judge(file: OpaquePointer, info: OpaquePointer) -> Judgement {
        let path = g_file_get_path(file).map { raw in
            defer { g_free(raw) }
            return String(cString: raw)
        } ?? ""
        let name = g_file_info_get_name(info).map { String(cString: $0) } ?? (path as NSString).lastPathComponent
        let contentType = g_file_info_get_content_type(info).map { String(cString: $0) } ?? "application/octet-stream"
        let nameType = g_content_type_guess(name, nil, 0, nil).map { raw in
            defer { g_free(raw) }
            return String(cString: raw)
        } ?? "application/octet-stream"
        let readable = g_file_info_has_attribute(info, "access::can-read") == 0
            || g_file_info_get_attribute_boolean(info, "access::can-read") != 0
        let facts = FolderFileRule.Facts(
            contentType: contentType, nameType: nameType, size: Int64(g_file_info_get_size(info)), readable: readable,
            contentTypeLoadable: MediaContentType.isLoadableImage(contentType),
            nameTypeLoadable: MediaContentType.isLoadableImage(nameType))
        switch FolderFileRule.verdict(facts) {
        case .skipped(let reason):
            return .skipped(FolderScan.Skipped(path: path, reason: reason))
        case .post(let kind):
            return .post(FolderEntry(file: file, info: info, path: path, kind: kind))
        }
    }

    private init(file: OpaquePointer, info: OpaquePointer, path: String, kind: FeedItem.Kind) {
        self.path = path
        let uri = g_file_get_uri(file)
        self.uri = uri.map { String(cString: $0) } ?? URL(fileURLWithPath: path).absoluteString
        g_free(uri)
        self.kind = kind
        displayName = g_file_info_get_display_name(info).map { String(cString: $0) } ?? (path as NSString).lastPathComponent
        modified = UInt64(g_file_info_get_attribute_uint64(info, "time::modified")) * 1_000_000
            + UInt64(g_file_info_get_attribute_uint32(info, "time::modified-usec"))
        // By its URI: the path as a String loses a name that is not UTF-8.
        size = kind == .image ? URL(string: self.uri).flatMap { PictureHeader.read($0)?.size } : nil
    }

    func item(dates: DateFormatter) -> FeedItem {
        let title = (displayName as NSString).deletingPathExtension
        let date = Date(timeIntervalSince1970: Double(modified) / 1_000_000)
        return FeedItem(id: path, kind: kind, uri: uri, width: size?.width, height: size?.height,
                        title: title.isEmpty ? displayName : title,
                        subtitle: dates.string(from: date),
                        accessibilityLabel: tr("%1$s: %2$s").filled(kind.localizedName, title.isEmpty ? displayName : title),
                        captions: captions)
    }
}
