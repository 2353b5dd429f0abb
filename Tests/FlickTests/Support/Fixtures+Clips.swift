import FeedCore
import FeedDemo
import FlickTestSupport

extension Fixtures {
    /// Two short 180×320 H.264 clips (``TestClips``), shared by every test
    /// run on this machine's test cache.
    static func clips() throws -> [DemoClip] {
        try TestClips.library(count: 2, size: PixelSize(width: 180, height: 320)).clips
    }
}
