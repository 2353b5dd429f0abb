import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Puts the calling thread under Linux's batch policy (`SCHED_BATCH`): it
/// gets its fair share of the CPU, but waking it never preempts the thread
/// that woke it.
///
/// Why: the GTK thread hands work (a player's preroll, a picture's decode)
/// to threads of the app's own (``WorkerThreads``), and each hand-over
/// wakes one. The woken thread then spends up to 150 ms prerolling or
/// decoding and starts a pipeline's streaming threads; none of that should
/// take the GTK thread's core the moment it is woken. Under the batch
/// policy the GTK thread runs on, and the woken thread starts at the next
/// scheduling point. Threads it starts inherit the policy.
///
/// Any thread; applies to the calling thread only, for the rest of its
/// life (``WorkerThreads`` calls it once as each thread starts). Where the
/// policy cannot be set (another kernel), nothing changes.
enum BatchScheduling {
    /// Linux's `SCHED_BATCH` (3).
    private static let batchPolicy: Int32 = 3

    static func adoptForCallingThread() {
        #if os(Linux)
        var parameters = sched_param(sched_priority: 0)
        _ = sched_setscheduler(0, batchPolicy, &parameters)
        #endif
    }
}
