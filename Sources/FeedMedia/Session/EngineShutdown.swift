import FeedGObject
import Foundation

/// The engine's last work at exit, off the GTK thread: the players'
/// pipelines reach NULL, then the links' estimates are kept and the
/// cache's store closes (its index written), on the cache's index thread,
/// counted in `work` so the app can wait for it once its loop has ended.
public enum EngineShutdown {
    /// - Parameters:
    ///   - store: the store to close, if any.
    ///   - throughput: the estimates to keep for the next run, if any.
    ///   - teardownSeconds: the longest wait for the players' pipelines.
    ///   - done: on the index thread once the store is closed, before
    ///     `work` is left, with whether every player stopped in time: it
    ///     runs whether or not the GTK thread's loop still does.
    public static func finish(store: RangeStore?, throughput: ThroughputBook? = nil, teardownSeconds: Double = 2, work: PendingWork,
                              done: @escaping @Sendable (_ playersStopped: Bool) -> Void) {
        work.enter()
        WorkerThreads.cacheIndex.async {
            let stopped = VideoPlayer.waitForTeardowns(seconds: teardownSeconds)
            throughput?.save()
            store?.close()
            done(stopped)
            work.leave()
        }
    }
}
