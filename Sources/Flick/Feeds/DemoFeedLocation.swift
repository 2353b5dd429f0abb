import CGLib
import Foundation

/// Where the demo feed keeps its generated media.
enum DemoFeedLocation {
    /// `$XDG_CACHE_HOME/<app id>/`.
    static var cacheDirectory: URL {
        URL(fileURLWithPath: String(cString: g_get_user_cache_dir())).appendingPathComponent(AppInfo.cacheName)
    }

    static var mediaDirectory: URL { cacheDirectory.appendingPathComponent("demo-media") }
}
