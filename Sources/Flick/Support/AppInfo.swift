import FlickTooling
import Foundation

/// Build-time identity of the app.
enum AppInfo {
    #if FLICK_DEVEL
    /// The application id (the development profile has its own, so both can be installed).
    static let id = "io.github.flick.Flick.Devel"
    #else
    static let id = "io.github.flick.Flick"
    #endif
    /// The GSettings schema id; the same in every profile.
    static let schemaID = "io.github.flick.Flick"
    /// The cache folder's name under `$XDG_CACHE_HOME`.
    static let cacheName = DemoFeedLocation.cacheName
    static let name = "Flick"
    static let version = "0.2.0"

    /// Whether the main menu has the Stress submenu (the benchmark's
    /// schedules by hand): in the development profile, or when
    /// `FLICK_STRESS_MENU=1` asks for it in another build (its tests).
    static var showsStressMenu: Bool {
        #if FLICK_DEVEL
        return true
        #else
        return ProcessInfo.processInfo.environment["FLICK_STRESS_MENU"] == "1"
        #endif
    }
}
