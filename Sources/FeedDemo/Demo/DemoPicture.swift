import FeedMedia
import Foundation

/// One generated demo picture (JPEG or PNG).
public struct DemoPicture: Sendable, Codable, Equatable {
    /// 1-based; drawn on the picture with its size.
    public var number: Int
    public var url: URL
    public var width: Int
    public var height: Int

    public init(number: Int, url: URL, width: Int, height: Int) {
        self.number = number
        self.url = url
        self.width = width
        self.height = height
    }
}
