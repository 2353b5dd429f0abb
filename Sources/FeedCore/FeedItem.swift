// Pure: values only, imports Foundation at most.

/// One post of a feed: a short video, a photo, or a sound.
///
/// A plain value shared by every layer. `uri` is where the media lives
/// (`file://`, `http(s)://`); `poster` is a still shown before (or instead of)
/// the video's first frame.
public struct FeedItem: Sendable, Hashable, Codable, Identifiable {
    /// What kind of media an item holds.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case video
        case image
        /// A sound with no picture of its own (an M4A, an MP3): played like
        /// a video, shown as its waveform.
        case audio

        /// Whether a player plays it (videos and sounds); pictures are stills.
        public var isPlayed: Bool { self != .image }
    }

    /// Stable identity within a feed; page bindings and diffs key on it.
    public var id: String
    public var kind: Kind
    /// The media itself.
    public var uri: String
    /// A still for the item (videos), or nil.
    public var poster: String?
    /// Pixel size of the media when the feed knows it.
    public var width: Int?
    public var height: Int?
    /// Seconds, for videos, when known.
    public var duration: Double?
    public var title: String?
    public var subtitle: String?
    public var author: String?
    /// What the media shows, for screen readers.
    public var accessibilityLabel: String?
    /// Captions files of the post (sidecar files, a feed's `captions`);
    /// text tracks inside the media are found by the player.
    public var captions: [CaptionTrack] = []

    /// Captions are filled in by the layer that finds them, not coded.
    private enum CodingKeys: String, CodingKey {
        case id, kind, uri, poster, width, height, duration, title, subtitle, author, accessibilityLabel
    }

    public init(id: String, kind: Kind, uri: String, poster: String? = nil,
                width: Int? = nil, height: Int? = nil, duration: Double? = nil,
                title: String? = nil, subtitle: String? = nil, author: String? = nil,
                accessibilityLabel: String? = nil, captions: [CaptionTrack] = []) {
        self.id = id
        self.kind = kind
        self.uri = uri
        self.poster = poster
        self.width = width
        self.height = height
        self.duration = duration
        self.title = title
        self.subtitle = subtitle
        self.author = author
        self.accessibilityLabel = accessibilityLabel
        self.captions = captions
    }
}
