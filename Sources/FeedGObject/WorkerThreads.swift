import Foundation

/// Threads of the app's own, made once and kept, that run the jobs handed
/// to them in order: one thread runs them one after another (a player's
/// state changes); more take the next job as each is free (pictures).
///
/// Why not dispatch queues, for work the GTK thread hands over: when the
/// pool behind them has no idle worker, libdispatch creates one in the
/// caller, and thread creation waits for the process's memory-map lock.
/// While players map frames and buffers, that wait was seen to hold the
/// GTK thread 60–90 ms in the middle of a landing (`FLICK_DEBUG_STALLS`
/// showed it under `player load` and `feed layout`). Handing a job over
/// here only takes a lock and signals; the threads themselves are created
/// by the spawner thread, never by the caller.
///
/// Jobs run under the batch policy (``BatchScheduling``), and so do the
/// threads they start (a pipeline's streaming threads). Any thread may
/// hand jobs over; the threads end after `finish()`, once the jobs queued
/// before it ran.
public final class WorkerThreads: @unchecked Sendable {
    /// Guards `jobs` and `finished`; signalled when either changes.
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var finished = false

    /// `count` threads named `name` (as `ps` and debuggers show it; Linux
    /// keeps 15 bytes), created by the spawner: jobs handed over meanwhile
    /// wait for them.
    public convenience init(name: String, count: Int = 1) {
        self.init(name: name, count: count, spawnedBy: Self.spawner)
    }

    /// Creates the threads on `spawner`, or here when nil.
    private init(name: String, count: Int, spawnedBy spawner: WorkerThreads?) {
        for _ in 0..<max(1, count) {
            // Each thread holds this object until it ends.
            let thread = Thread { [self] in run() }
            thread.name = name
            if let spawner {
                let starting = UncheckedThread(thread)
                spawner.async { starting.thread.start() }
            } else {
                thread.start()
            }
        }
    }

    /// The thread that creates the others, made once and never ended. The
    /// app touches it at launch (``VideoPlayer/loadPluginsInBackground()``),
    /// so its own creation is not in the middle of a landing.
    public static let spawner = WorkerThreads(name: "flick-spawner", count: 1, spawnedBy: nil)

    /// Runs `job` on one of the threads, after the jobs handed over before it
    /// have started (with one thread: have finished).
    public func async(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Ends the threads once the jobs handed over so far have run.
    public func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    private func run() {
        BatchScheduling.adoptForCallingThread()
        while true {
            condition.lock()
            while jobs.isEmpty, !finished { condition.wait() }
            guard !jobs.isEmpty else {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job()
        }
    }
}

/// A thread object handed to the spawner to start (Foundation's `Thread`
/// is not `Sendable`; it is touched once, there).
private struct UncheckedThread: @unchecked Sendable {
    let thread: Thread
    init(_ thread: Thread) { self.thread = thread }
}
