import FeedGObject
import Foundation
import Testing

/// The one way work leaves the GTK thread: jobs in order, waited for in
/// place, and held until their time.
@Suite("Worker threads")
struct WorkerThreadsTests {
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [String] = []
        func add(_ entry: String) { lock.withLock { entries.append(entry) } }
        var all: [String] { lock.withLock { entries } }
    }

    @Test("sync runs its body on the pool after the jobs before it, and returns its value")
    func syncRunsOnThePool() throws {
        let pool = WorkerThreads(name: "flick-test-sync")
        defer { pool.finish() }
        let log = Log()
        pool.async { usleep(50_000); log.add("first") }
        let value = pool.sync { () -> Int in
            log.add(pool.runsHere ? "second, on the pool" : "second, elsewhere")
            return 42
        }
        #expect(value == 42)
        #expect(log.all == ["first", "second, on the pool"])
        #expect(!pool.runsHere, "the test's thread is not the pool's")
    }

    @Test("sync from a job of the same pool runs in place instead of waiting for itself")
    func syncInsideAJob() throws {
        let pool = WorkerThreads(name: "flick-test-nest")
        defer { pool.finish() }
        let inner = pool.sync { pool.sync { pool.runsHere } }
        #expect(inner)
    }

    @Test("sync hands back what its body throws")
    func syncThrows() {
        struct Refused: Error {}
        let pool = WorkerThreads(name: "flick-test-throw")
        defer { pool.finish() }
        #expect(throws: Refused.self) { try pool.sync { throw Refused() } }
    }

    @Test("a timed job runs once its time has come, in due order, and jobs meanwhile run at once")
    func timedJobs() throws {
        let pool = WorkerThreads(name: "flick-test-after")
        defer { pool.finish() }
        let log = Log()
        let start = Date()
        let done = PendingWork()
        done.enter()
        done.enter()
        pool.after(seconds: 0.3) { log.add("late \(Date().timeIntervalSince(start) >= 0.3)"); done.leave() }
        pool.after(seconds: 0.1) { log.add("early \(Date().timeIntervalSince(start) >= 0.1)"); done.leave() }
        pool.async { log.add("now") }
        #expect(done.wait(seconds: 10))
        #expect(log.all == ["now", "early true", "late true"])
    }

    @Test("pending work waits for every job counted in, and says when the time ran out")
    func pendingWork() {
        let pool = WorkerThreads(name: "flick-test-pending")
        defer { pool.finish() }
        let work = PendingWork()
        #expect(work.wait(seconds: 0), "nothing pending: no wait")
        work.enter()
        #expect(!work.wait(seconds: 0.05), "a job not done yet")
        pool.async { work.leave() }
        #expect(work.wait(seconds: 10))
    }
}
