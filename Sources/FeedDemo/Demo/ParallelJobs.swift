import FeedGObject
import FeedMedia
import Foundation

/// Runs blocking jobs on a few threads of their own (a ``WorkerThreads``
/// pool made for the run and finished with it) while the calling thread
/// waits and reports progress.
///
/// `onStart` and `onFinish` run on the calling thread, never on a worker, so
/// a caller's progress callback sees one thread. The first error stops
/// handing out jobs; jobs already running finish, then it is rethrown.
enum ParallelJobs {
    static func run(count: Int, lanes: Int,
                    job: @escaping @Sendable (Int) throws -> Void,
                    onStart: (Int) -> Void,
                    onFinish: (Int) -> Void) throws {
        guard count > 0 else { return }
        let lanes = max(1, min(lanes, count))
        let state = JobBoard(count: count)
        let pool = WorkerThreads(name: "flick-demo-media", count: lanes)
        for _ in 0..<lanes { pool.async { state.work(job) } }
        // Its threads end once each lane has run out of jobs.
        pool.finish()
        try state.report(lanes: lanes, onStart: onStart, onFinish: onFinish)
    }
}

/// The shared state of one `ParallelJobs.run`. Every field is guarded by `condition`.
/// `@unchecked Sendable`: every field is read and written under `condition` only.
private final class JobBoard: @unchecked Sendable {
    private enum Event {
        case started(Int)
        case finished(Int)
    }

    private let condition = NSCondition()
    private let count: Int
    private var next = 0
    private var events: [Event] = []
    private var firstError: (any Error)?
    private var lanesDone = 0

    init(count: Int) {
        self.count = count
    }

    /// A worker's loop: take the next job until none are left or one failed.
    func work(_ job: @Sendable (Int) throws -> Void) {
        while let index = take() {
            do {
                try job(index)
                post(.finished(index), error: nil)
            } catch {
                post(.finished(index), error: error)
            }
        }
        condition.lock()
        lanesDone += 1
        condition.signal()
        condition.unlock()
    }

    private func take() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        guard firstError == nil, next < count else { return nil }
        let index = next
        next += 1
        events.append(.started(index))
        condition.signal()
        return index
    }

    private func post(_ event: Event, error: (any Error)?) {
        condition.lock()
        if let error, firstError == nil { firstError = error }
        if error == nil { events.append(event) }
        condition.signal()
        condition.unlock()
    }

    /// The calling thread's loop: hand events to the callbacks, outside the lock.
    func report(lanes: Int, onStart: (Int) -> Void, onFinish: (Int) -> Void) throws {
        while true {
            condition.lock()
            while events.isEmpty && lanesDone < lanes { condition.wait() }
            let batch = events
            events.removeAll()
            let finished = lanesDone == lanes
            let error = firstError
            condition.unlock()
            for event in batch {
                switch event {
                case .started(let index): onStart(index)
                case .finished(let index): onFinish(index)
                }
            }
            if finished {
                if let error { throw error }
                return
            }
        }
    }
}
