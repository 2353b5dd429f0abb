/// Media body bytes the bench's demo server sent, by kind: what the app
/// took from the network during one run. Bytes.
struct MediaBytes: Equatable, Sendable {
    /// Progressive videos (MP4), including the ones answering with a fault.
    var video: Int64 = 0
    /// HLS playlists and segments (played straight from the network, never cached).
    var stream: Int64 = 0
    /// Posters and pictures.
    var image: Int64 = 0

    var total: Int64 { video + stream + image }

    /// What kind of media a served path is; nil for the feed's pages and likes.
    enum Kind {
        case video, stream, image
    }

    static func kind(ofPath path: String) -> Kind? {
        if path.hasPrefix("/hls/") { return .stream }
        guard path.hasPrefix("/media/") || path.hasPrefix("/forbidden/") || path.hasPrefix("/broken/") else { return nil }
        let lowered = path.lowercased()
        if lowered.hasSuffix(".mp4") { return .video }
        if lowered.hasSuffix(".jpg") || lowered.hasSuffix(".jpeg") || lowered.hasSuffix(".png") { return .image }
        return .video
    }

    static func - (lhs: MediaBytes, rhs: MediaBytes) -> MediaBytes {
        MediaBytes(video: lhs.video - rhs.video, stream: lhs.stream - rhs.stream, image: lhs.image - rhs.image)
    }
}
