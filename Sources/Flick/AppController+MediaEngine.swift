import FeedMedia
import Foundation

/// The cache provider: the one media engine every feed of the app shares.
extension AppController {
    /// The app's media engine, made with the first feed: its media cache
    /// under `$XDG_CACHE_HOME/<app id>/media/` with the budgets from the
    /// settings, unless `--no-media-cache` asks for none; without one (play
    /// from the network) then, or when it cannot be opened, with one
    /// warning saying why.
    func mediaEngine() -> MediaEngine {
        if let engine { return engine }
        let images = DemoFeedLocation.cacheDirectory.appendingPathComponent("images")
        let made = openEngineWithCache() ?? MediaEngine(imageDirectory: images)
        engine = made
        return made
    }

    /// The media cache, when the engine has one.
    func mediaCache() -> MediaCache? { mediaEngine().cache }

    func openEngineWithCache() -> MediaEngine? {
        // The naive baseline reads nothing through a cache, pictures included.
        guard options.mediaCache, options.engine != .naive, let settings else { return nil }
        let budgets = { [weak settings] in
            CacheBudgets(videoBytes: Int64(settings?.uint(.videoCacheBudgetMB, default: 500) ?? 500) * 1_000_000,
                         imageBytes: Int64(settings?.uint(.imageCacheBudgetMB, default: 200) ?? 200) * 1_000_000)
        }
        let engine: MediaEngine
        do {
            engine = try MediaEngine(cacheDirectory: DemoFeedLocation.cacheDirectory.appendingPathComponent("media"),
                                     budgets: budgets())
        } catch {
            Log.warning("the media cache cannot be used (\(error)); videos play straight from the network")
            return nil
        }
        guard let cache = engine.cache else { return engine }
        // Budgets apply live: lowering one evicts at once down to 90% of it.
        for key in [SettingsKey.videoCacheBudgetMB, .imageCacheBudgetMB] {
            settings.observe(key) { [weak cache] in cache?.setBudgets(budgets()) }
        }
        // GSettings only reports changes of keys read after connecting.
        cache.setBudgets(budgets())
        return engine
    }
}
