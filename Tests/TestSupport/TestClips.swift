import FeedCore
import FeedDemo
import FeedMedia
import Foundation
import Synchronization

/// The clips every test target plays: the demo generator's coloured
/// clips, at the count and size a suite asks for, made once into the
/// shared test cache and found there again by the generator's manifest.
public enum TestClips {
    /// The tests' shared cache folder: `FLICK_TEST_CACHE` (CI sets it), or
    /// one per user in the temporary folder. Generated media stay there
    /// between runs.
    public static var cacheDirectory: URL {
        if let dir = ProcessInfo.processInfo.environment["FLICK_TEST_CACHE"] {
            return URL(fileURLWithPath: dir)
        }
        return FileManager.default.temporaryDirectory.appendingPathComponent("flick-test-cache-\(getuid())")
    }

    /// One suite generates at a time, so two never write the same folder.
    private static let making = Mutex(())

    /// `count` clips of `size` pixels (with their posters), generated on
    /// first use. Blocking: generating takes seconds on a fresh machine.
    public static func library(count: Int, size: PixelSize) throws -> DemoMediaLibrary {
        try making.withLock { _ in
            try MediaRuntime.initialize()
            let directory = cacheDirectory.appendingPathComponent("clips-\(count)x\(size.width)x\(size.height)")
            let generator = DemoMediaGenerator(directory: directory, clipCount: count, clipSize: size)
            return try generator.existingLibrary() ?? generator.generate { _, _ in }
        }
    }
}
