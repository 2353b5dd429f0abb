/// The GSettings keys of `io.github.flick.Flick` (data/io.github.flick.Flick.gschema.xml).
/// Their names are a stable interface: `gsettings` users and scripts rely on them.
enum SettingsKey: String, CaseIterable {
    case videoCacheBudgetMB = "video-cache-budget-mb"
    case imageCacheBudgetMB = "image-cache-budget-mb"
    case startMuted = "start-muted"
    case muted
    case loop
    case autoplay
    case dataSaver = "data-saver"
    case playerPoolSize = "player-pool-size"
    case mountedPagesEachSide = "mounted-pages-each-side"
    case showDiagnostics = "show-diagnostics"
    case contentFit = "content-fit"
    case hardwareDecoding = "hardware-decoding"
    case windowWidth = "window-width"
    case windowHeight = "window-height"
    case windowMaximized = "window-maximized"
    case showSensitive = "show-sensitive"
    case sources
    case lastSource = "last-source"
    case resumePoints = "resume-points"
    case pauseWhenHidden = "pause-when-hidden"
    case whenFinished = "when-finished"
    case videoQuality = "video-quality"
    case photoSeconds = "photo-seconds"
    case playbackRate = "playback-rate"
    case volume
    case showCaptions = "show-captions"
    case accounts
    case blueskyAppView = "bluesky-appview"
    case blueskyPLCDirectory = "bluesky-plc-directory"
    case blueskyPDS = "bluesky-pds"
    case forYouLearning = "for-you-learning"

    /// The values the app accepts for a number key, in the key's unit.
    ///
    /// For keys with a `<range>` in the schema this is that range (the
    /// schema is what the preferences' spin buttons read; a test checks the
    /// two agree), used when the schema is not installed. Window sizes have
    /// no range in the schema: these are the sizes, in logical pixels, that
    /// the window can be given. Nil for booleans and enumerations.
    var acceptedRange: ClosedRange<Int64>? {
        switch self {
        case .videoCacheBudgetMB: return 50...20_000
        case .imageCacheBudgetMB: return 20...5_000
        case .playerPoolSize: return 1...5
        case .mountedPagesEachSide: return 1...3
        case .photoSeconds: return 2...60
        case .windowWidth, .windowHeight: return 100...16_384
        case .startMuted, .muted, .loop, .autoplay, .dataSaver, .showDiagnostics, .contentFit, .hardwareDecoding,
             .windowMaximized, .showSensitive, .sources, .lastSource, .resumePoints, .pauseWhenHidden,
             .whenFinished, .videoQuality, .playbackRate, .volume, .showCaptions, .accounts, .blueskyAppView, .blueskyPLCDirectory, .blueskyPDS,
             .forYouLearning:
            return nil
        }
    }
}
