import FeedCore
import FeedDemo
import FeedMedia
import Foundation

extension Fixtures {
    /// Two short H.264 clips made by the demo generator on first use and
    /// shared by every test run on this machine's test cache.
    static func clips() throws -> [DemoClip] {
        let dir = AppProcess.sharedCache.appendingPathComponent("http-clips")
        let generator = DemoMediaGenerator(directory: dir, clipCount: 2, clipSize: PixelSize(width: 180, height: 320))
        return try (generator.existingLibrary() ?? generator.generate { _, _ in }).clips
    }
}
