// Pure: values only, imports Foundation at most.

import Foundation

/// What kind of post a file is, from its MIME type or its address's
/// extension: the one classifier folders, playlists, RSS/Atom enclosures
/// and Mastodon attachments ask.
///
/// A MIME type, when there is one, decides: `video/*` and the HLS playlist
/// types are videos, `audio/*` sounds, `image/*` pictures when a loader
/// reads them. Without one, the extension decides, and an address with no
/// extension Flick knows is taken for a video (what a feed entry most
/// often is; the player says so if it is not).
public enum MediaKindRule {
    /// Extensions of pictures (lower case).
    public static let pictureExtensions: Set<String> = ["jpg", "jpeg", "png", "webp", "gif", "bmp", "tif", "tiff",
                                                        "avif", "heic"]
    /// Extensions of sounds (lower case).
    public static let soundExtensions: Set<String> = ["mp3", "ogg", "oga", "opus", "flac", "m4a", "aac", "wav"]
    /// Extensions of videos and HLS playlists (lower case).
    public static let videoExtensions: Set<String> = ["mp4", "m4v", "webm", "mkv", "mov", "ogv", "m3u8"]
    /// MIME types of HLS playlists: videos, though not `video/*`.
    public static let hlsTypes: Set<String> = ["application/x-mpegurl", "application/vnd.apple.mpegurl"]

    /// The kind a MIME type names; nil for anything else (text, a
    /// document, a picture no loader reads). Case and parameters
    /// (`; charset=…`) are ignored.
    public static func kind(ofMIMEType type: String, pictureLoadable: Bool = true) -> FeedItem.Kind? {
        let bare = type.split(separator: ";", maxSplits: 1).first.map(String.init) ?? type
        let lowered = bare.trimmingCharacters(in: .whitespaces).lowercased()
        if lowered.hasPrefix("video/") || hlsTypes.contains(lowered) { return .video }
        if lowered.hasPrefix("audio/") { return .audio }
        if lowered.hasPrefix("image/") { return pictureLoadable ? .image : nil }
        return nil
    }

    /// The kind an address's (or a file name's) extension names, the
    /// query and fragment left out; a video when it names none Flick knows.
    public static func kind(ofAddress address: String) -> FeedItem.Kind {
        let ext = pathExtension(address)
        if pictureExtensions.contains(ext) { return .image }
        if soundExtensions.contains(ext) { return .audio }
        return .video
    }

    /// The kind an address's extension names when it is one of Flick's
    /// known video or picture extensions; nil for any other (a link to a
    /// web page, a sound): for links that may be to anything.
    public static func knownKind(ofAddress address: String) -> FeedItem.Kind? {
        let ext = pathExtension(address)
        if pictureExtensions.contains(ext) { return .image }
        return videoExtensions.contains(ext) ? .video : nil
    }

    /// The last path segment's extension, lowercased ("" for none); the
    /// query and fragment left out.
    private static func pathExtension(_ address: String) -> String {
        var path = Substring(address)
        if let mark = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<mark] }
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }
}
