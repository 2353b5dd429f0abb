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

    /// An HLS rendition (MPEG-TS segments and `index.m3u8`) of the first
    /// of `count` clips of `size`, made once into the shared test cache.
    /// Returns its folder.
    public static func hls(count: Int, size: PixelSize) throws -> URL {
        let clip = try library(count: count, size: size).clips[0].video
        return try making.withLock { _ in
            let folder = cacheDirectory.appendingPathComponent("hls-\(count)x\(size.width)x\(size.height)")
            return try DemoHLSRendition.make(from: clip, into: folder).deletingLastPathComponent()
        }
    }

    /// The folder of one-off clips (``clip(named:pipeline:)``).
    public static var oneOffDirectory: URL { cacheDirectory.appendingPathComponent("one-off") }

    /// A clip of its own that a suite plays, made from `recipe` by
    /// `render(target, folder)` into the shared test cache on first use and
    /// found there again; its file name carries a digest of the recipe, so
    /// a changed recipe makes a new clip. Blocking.
    public static func clip(named name: String, recipe: String,
                            render: (_ target: URL, _ folder: URL) throws -> Void) throws -> URL {
        try making.withLock { _ in
            try MediaRuntime.initialize()
            // FNV-1a, stable across runs (Hasher is seeded per process).
            let digest = recipe.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
            let target = oneOffDirectory.appendingPathComponent("\(String(digest, radix: 16))-\(name)")
            let size = (try? FileManager.default.attributesOfItem(atPath: target.path))?[.size] as? Int ?? 0
            if size > 0 { return target }
            try FileManager.default.createDirectory(at: oneOffDirectory, withIntermediateDirectories: true)
            try render(target, oneOffDirectory)
            return target
        }
    }
}
