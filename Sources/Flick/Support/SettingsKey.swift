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
    case windowWidth = "window-width"
    case windowHeight = "window-height"
    case windowMaximized = "window-maximized"
}
