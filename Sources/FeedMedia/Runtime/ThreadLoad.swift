import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How busy one thread is: its CPU time (user + system, from Linux's
/// `/proc/thread-self/stat`) over the wall time that passed, as a share
/// from 0 to 1. `flick bench` reports the GTK thread's share over a run
/// (`gtk_thread_busy`) and the diagnostics overlay over its last refresh.
///
/// Not Sendable on purpose: it measures the thread that made it, so it is
/// made, sampled and dropped on that one thread (the GTK thread here).
public struct ThreadLoad {
    private var last: (cpu: Double, wall: Double)?

    /// Starts measuring the calling thread from now (nil readings where
    /// /proc cannot be read).
    public init() {
        last = Self.reading()
    }

    /// The busy share since the previous call (or since `init`), and starts
    /// the next interval; nil where /proc cannot be read or no time passed.
    public mutating func share() -> Double? {
        guard let now = Self.reading() else { return nil }
        defer { last = now }
        guard let last, now.wall > last.wall else { return nil }
        return min(1, max(0, (now.cpu - last.cpu) / (now.wall - last.wall)))
    }

    /// The calling thread's CPU seconds and the monotonic clock, in seconds.
    private static func reading() -> (cpu: Double, wall: Double)? {
        guard let text = try? String(contentsOfFile: "/proc/thread-self/stat", encoding: .utf8),
              let cpu = ProcStat.cpuSeconds(inStat: text) else { return nil }
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return (cpu, Double(time.tv_sec) + Double(time.tv_nsec) / 1e9)
    }
}
