import FeedGObject
import FeedMedia
import Foundation

/// Where the app keeps its caches, and the demo feed its generated media
/// (the bench prepares the same media before it runs the app).
package enum DemoFeedLocation {
    /// The cache folder's name under `$XDG_CACHE_HOME`, the same in every profile.
    package static let cacheName = PrivateFiles.folderName

    /// `$XDG_CACHE_HOME/<cacheName>/`.
    package static var cacheDirectory: URL { PrivateFiles.cacheFolder }

    package static var mediaDirectory: URL { cacheDirectory.appendingPathComponent("demo-media") }
}
