import FeedGObject
import Foundation

/// The engine's last work at exit, off the GTK thread: the players'
/// pipelines reach NULL and then the cache's store closes (its index
/// written), on the cache's index thread, counted in `work` so the app
/// can wait for it once its loop has ended.
public enum EngineShutdown {
    /// - Parameters:
    ///   - store: the store to close, if any.
    ///   - teardownSeconds: the longest wait for the players' pipelines.
    ///   - done: on the GTK thread afterwards (if its loop still runs),
    ///     with whether every player stopped in time.
    public static func finish(store: RangeStore?, teardownSeconds: Double = 2, work: PendingWork,
                              done: @escaping @MainActor @Sendable (_ playersStopped: Bool) -> Void) {
        work.enter()
        WorkerThreads.cacheIndex.async {
            let stopped = VideoPlayer.waitForTeardowns(seconds: teardownSeconds)
            store?.close()
            work.leave()
            MainThreadHop.post { done(stopped) }
        }
    }
}
