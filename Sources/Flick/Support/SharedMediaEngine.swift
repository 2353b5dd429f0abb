import FeedMedia
import FlickTooling
import Foundation

/// The one media engine every feed of the app shares: its HTTP sessions,
/// its media cache and its picture caches, opened once, at the first ask.
///
/// The media cache lives under `$XDG_CACHE_HOME/<app id>/media/` with the
/// budgets from the settings; its folder is opened off the GTK thread
/// (index read, orphan sweep, first flush), so the window shows while it
/// opens. Without a cache (`--no-media-cache`, the naive baseline, or a
/// folder that cannot be opened, said once in a warning) videos play
/// straight from the network. GTK thread only, owned by the app controller.
@MainActor
final class SharedMediaEngine {
    /// Whether the engine opens a media cache (else plays from the network).
    private let wantsCache: Bool
    /// The settings the cache budgets come from, once the app has them.
    weak var settings: AppSettings?
    /// The engine, once open.
    private(set) var engine: MediaEngine?
    /// Whether the cache folder is being opened (off the GTK thread).
    private var opening = false
    /// What waits for the engine to open (``use(_:)``), in order.
    private var waiting: [@MainActor (MediaEngine) -> Void] = []

    init(wantsCache: Bool) {
        self.wantsCache = wantsCache
    }

    /// The byte-range cache, once the engine is open and has one.
    var cache: MediaCache? { engine?.cache }

    /// Runs `body` with the engine: at once when it is open, else once it
    /// is (in the order asked), opening it if nothing has yet.
    func use(_ body: @escaping @MainActor (MediaEngine) -> Void) {
        if let engine { return body(engine) }
        waiting.append(body)
        open()
    }

    /// Starts opening the engine, unless it is open or opening.
    func open() {
        guard engine == nil, !opening else { return }
        guard wantsCache, let settings else {
            opened(Self.withoutCache())
            return
        }
        opening = true
        let budgets = { [weak settings] in
            CacheBudgets(videoBytes: Int64(settings?.uint(.videoCacheBudgetMB, default: 500) ?? 500) * 1_000_000,
                         imageBytes: Int64(settings?.uint(.imageCacheBudgetMB, default: 200) ?? 200) * 1_000_000)
        }
        MediaEngine.open(cacheDirectory: DemoFeedLocation.cacheDirectory.appendingPathComponent("media"),
                         budgets: budgets()) { [weak self] result in
            guard let self else {
                (try? result.get())?.cache?.close() // the app is gone: let the folder go
                return
            }
            self.opening = false
            switch result {
            case .success(let engine):
                if let cache = engine.cache {
                    // Budgets apply live: lowering one evicts at once down to 90% of it.
                    for key in [SettingsKey.videoCacheBudgetMB, .imageCacheBudgetMB] {
                        settings.observe(key) { [weak cache] in cache?.setBudgets(budgets()) }
                    }
                    // GSettings only reports changes of keys read after connecting.
                    cache.setBudgets(budgets())
                }
                self.opened(engine)
            case .failure(let error):
                Log.warning("the media cache cannot be used (\(error)); videos play straight from the network")
                self.opened(Self.withoutCache())
            }
        }
    }

    /// Videos straight from the network, pictures as plain files in the app's cache folder.
    private static func withoutCache() -> MediaEngine {
        MediaEngine(imageDirectory: DemoFeedLocation.cacheDirectory.appendingPathComponent("images"))
    }

    private func opened(_ made: MediaEngine) {
        engine = made
        let ready = waiting
        waiting = []
        ready.forEach { $0(made) }
    }
}
