import FeedMedia
import Foundation

/// One generated demo video and its poster.
public struct DemoClip: Sendable, Codable, Equatable {
    /// 1-based; the big number drawn on every frame.
    public var number: Int
    /// An H.264/AAC MP4 with its `moov` atom before `mdat`.
    public var video: URL
    /// A PNG of the clip's first frame, at the clip's size.
    public var poster: URL
    public var width: Int
    public var height: Int
    /// Seconds.
    public var duration: Double
    /// The background colour's name, e.g. "Teal" (also drawn on the frames).
    public var colorName: String

    public init(number: Int, video: URL, poster: URL, width: Int, height: Int, duration: Double, colorName: String) {
        self.number = number
        self.video = video
        self.poster = poster
        self.width = width
        self.height = height
        self.duration = duration
        self.colorName = colorName
    }
}
