import FeedCore
import Foundation

/// What kind of post an address is by its extension, when nothing else
/// says (playlist entries, enclosures without a type): pictures, sounds,
/// and videos for everything else.
enum MediaExtension {
    static let pictures: Set<String> = ["jpg", "jpeg", "png", "webp", "gif", "bmp", "tif", "tiff", "avif", "heic"]
    static let sounds: Set<String> = ["mp3", "ogg", "oga", "opus", "flac", "m4a", "aac", "wav"]

    static func kind(of uri: String) -> FeedItem.Kind {
        let path = uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? uri
        let ext = (path as NSString).pathExtension.lowercased()
        if pictures.contains(ext) { return .image }
        if sounds.contains(ext) { return .audio }
        return .video
    }
}
