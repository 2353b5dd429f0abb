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
/// before it ran. This is the one way work leaves the GTK thread in
/// Sources (the named pools are in `WorkerThreads+Pools`); answers come
/// back through ``MainThreadHop``.
///
/// `@unchecked Sendable`: every stored property is read and written
/// under `condition` only.
public final class WorkerThreads: @unchecked Sendable {
    /// Guards `jobs`, `timed`, `threads` and `finished`; signalled when any changes.
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    /// Jobs that wait for their time (``after(seconds:_:)``), soonest first.
    private var timed: [(due: Date, job: @Sendable () -> Void)] = []
    /// The pool's threads, once each runs (for ``runsHere``).
    private var threads: [ObjectIdentifier] = []
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
            // Made where it starts (Foundation's `Thread` is not Sendable);
            // each thread holds this object until it ends.
            if let spawner {
                spawner.async { [self] in Self.start(named: name, running: self) }
            } else {
                Self.start(named: name, running: self)
            }
        }
    }

    /// The thread that creates the others, made once and never ended. The
    /// app touches it at launch (``VideoPlayer/loadPluginsInBackground()``),
    /// so its own creation is not in the middle of a landing.
    public static let spawner = WorkerThreads(name: "flick-spawner", count: 1, spawnedBy: nil)

    /// Starts one thread named `name` running `pool`'s jobs.
    private static func start(named name: String, running pool: WorkerThreads) {
        let thread = Thread { pool.run() }
        thread.name = name
        thread.start()
    }

    /// Runs `job` on one of the threads, after the jobs handed over before it
    /// have started (with one thread: have finished).
    public func async(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Runs `job` on one of the threads once `seconds` have passed (and the
    /// jobs due before it have started).
    public func after(seconds: Double, _ job: @escaping @Sendable () -> Void) {
        condition.lock()
        let due = Date().addingTimeInterval(max(0, seconds))
        let place = timed.firstIndex { $0.due > due } ?? timed.count
        timed.insert((due, job), at: place)
        condition.signal()
        condition.unlock()
    }

    /// Whether the calling thread is one of this pool's.
    public var runsHere: Bool {
        let me = ObjectIdentifier(Thread.current)
        return condition.withLock { threads.contains(me) }
    }

    /// Runs `body` on one of the threads and waits for it; on one of them
    /// already, runs it in place (so a job may call it without waiting for
    /// itself). For short work that must be serialised with the pool's
    /// other jobs (a one-thread pool's).
    public func sync<T>(_ body: () throws -> T) rethrows -> T {
        if runsHere { return try body() }
        return try withoutActuallyEscaping(body) { body in
            let waiter = SyncWaiter<T>(body)
            async { waiter.run() }
            return try waiter.result()
        }
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
        condition.withLock { threads.append(ObjectIdentifier(Thread.current)) }
        while let job = nextJob() { job() }
    }

    /// The next job due, waiting for one; nil once finished with none left.
    private func nextJob() -> (@Sendable () -> Void)? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let first = timed.first, first.due <= Date() {
                timed.removeFirst()
                return first.job
            }
            if !jobs.isEmpty { return jobs.removeFirst() }
            if finished, timed.isEmpty { return nil }
            if let first = timed.first {
                _ = condition.wait(until: first.due)
            } else {
                condition.wait()
            }
        }
    }
}

/// One ``WorkerThreads/sync(_:)`` call: the body, run on the pool, and its
/// outcome, which the caller waits for.
///
/// `@unchecked Sendable`: `body` runs once, on the pool, while the caller
/// waits, and is dropped under `done`; `outcome` is written then read under `done`.
private final class SyncWaiter<T>: @unchecked Sendable {
    /// Dropped once run, before the caller is woken: the caller's closure
    /// must not outlive its call (`withoutActuallyEscaping` checks).
    private var body: (() throws -> T)?
    private let done = NSCondition()
    private var outcome: Result<T, Error>?

    init(_ body: @escaping () throws -> T) {
        self.body = body
    }

    func run() {
        let result: Result<T, Error>
        do { // the closure's last reference here ends with this scope
            guard let work = body else { return }
            result = Result { try work() }
        }
        done.withLock {
            body = nil
            outcome = result
            done.signal()
        }
    }

    func result() throws -> T {
        done.lock()
        defer { done.unlock() }
        while outcome == nil { done.wait() }
        return try outcome!.get()
    }
}
