// Pure: values only, imports Foundation at most.

/// A size in pixels.
public struct PixelSize: Sendable, Hashable, Codable {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}
