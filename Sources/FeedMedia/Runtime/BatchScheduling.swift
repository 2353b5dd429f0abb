import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Puts the calling thread under Linux's batch policy (`SCHED_BATCH`): it
/// gets its fair share of the CPU, but waking it never preempts the thread
/// that woke it.
///
/// Why: a player's state changes run on a queue of their own
/// (``Playbin``), and each hand-over from the GTK thread wakes a worker
/// thread. Under the normal policy, the woken worker (which then spends
/// 50–150 ms prerolling, and starts the decoding threads) took the GTK
/// thread's core at once: on a two-core machine with two players decoding,
/// the GTK thread then waited 60–140 ms for a core in the middle of a
/// landing (`FLICK_DEBUG_STALLS` showed it inside `player load`). Under
/// the batch policy the GTK thread runs on, and the worker starts at the
/// next scheduling point. Threads the worker starts inherit the policy.
///
/// Any thread; applies to the calling thread only, and stays: a worker
/// thread that ran a state change keeps the policy for the other
/// background work it runs later, as it should (nothing off the GTK thread
/// should take its core).
/// Where the policy cannot be set (another kernel), nothing changes.
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
