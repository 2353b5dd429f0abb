import FeedMedia
/// Everything the built-in demo feed shows, as files on disk.
public struct DemoMediaLibrary: Sendable, Codable, Equatable {
    public var clips: [DemoClip]
    public var pictures: [DemoPicture]

    public init(clips: [DemoClip], pictures: [DemoPicture]) {
        self.clips = clips
        self.pictures = pictures
    }
}
