import FeedMedia
import FlickTooling
import Foundation

/// The cache provider: the one media engine every feed of the app shares.
extension AppController {
    /// Runs `body` with the app's media engine: at once when it is open,
    /// else once it is (in the order asked). The engine is opened once, at
    /// the first ask (``openMediaEngine()``, which `activate` makes before
    /// the window): its media cache under
    /// `$XDG_CACHE_HOME/<app id>/media/` with the budgets from the settings,
    /// unless `--no-media-cache` asks for none; without one (play from the
    /// network) then, or when it cannot be opened, with one warning saying why.
    func withMediaEngine(_ body: @escaping @MainActor (MediaEngine) -> Void) {
        if let engine { return body(engine) }
        waitingForEngine.append(body)
        openMediaEngine()
    }

    /// The media cache, once the engine is open and has one.
    func mediaCache() -> MediaCache? { engine?.cache }

    /// Starts opening the engine, unless it is open or opening. The cache
    /// folder is opened off the GTK thread (index read, orphan sweep, first
    /// flush), so the window shows while it opens.
    func openMediaEngine() {
        guard engine == nil, !engineOpening else { return }
        // The naive baseline reads nothing through a cache, pictures included.
        guard options.mediaCache, options.engine != .naive, let settings else {
            engineOpened(engineWithoutCache())
            return
        }
        engineOpening = true
        let budgets = { [weak settings] in
            CacheBudgets(videoBytes: Int64(settings?.uint(.videoCacheBudgetMB, default: 500) ?? 500) * 1_000_000,
                         imageBytes: Int64(settings?.uint(.imageCacheBudgetMB, default: 200) ?? 200) * 1_000_000)
        }
        MediaEngine.open(cacheDirectory: DemoFeedLocation.cacheDirectory.appendingPathComponent("media"),
                         budgets: budgets()) { [weak self] opened in
            guard let self else {
                (try? opened.get())?.cache?.close() // the app is gone: let the folder go
                return
            }
            self.engineOpening = false
            switch opened {
            case .success(let engine):
                if let cache = engine.cache {
                    // Budgets apply live: lowering one evicts at once down to 90% of it.
                    for key in [SettingsKey.videoCacheBudgetMB, .imageCacheBudgetMB] {
                        settings.observe(key) { [weak cache] in cache?.setBudgets(budgets()) }
                    }
                    // GSettings only reports changes of keys read after connecting.
                    cache.setBudgets(budgets())
                }
                self.engineOpened(engine)
            case .failure(let error):
                Log.warning("the media cache cannot be used (\(error)); videos play straight from the network")
                self.engineOpened(self.engineWithoutCache())
            }
        }
    }

    /// Videos straight from the network, pictures as plain files in the app's cache folder.
    private func engineWithoutCache() -> MediaEngine {
        MediaEngine(imageDirectory: DemoFeedLocation.cacheDirectory.appendingPathComponent("images"))
    }

    private func engineOpened(_ made: MediaEngine) {
        engine = made
        let waiting = waitingForEngine
        waitingForEngine = []
        waiting.forEach { $0(made) }
    }
}
