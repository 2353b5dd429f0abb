import FeedMedia
import Foundation
import Testing

/// The GTK thread's busy share (`gtk_thread_busy`, the overlay's GTK line):
/// read from /proc's stat lines, and measured on a thread that works.
@Suite("Thread load")
struct ThreadLoadTests {
    @Test("user and system time are read after the command name, whatever it holds")
    func parsesStatLines() {
        // Fields 14 and 15 (utime 250, stime 50 ticks) behind a name with spaces and parentheses.
        let line = "4242 (gtk (main) thread) S 1 4242 4242 0 -1 4194560 5000 0 12 0 250 50 0 0 20 0 9 0 123 456789 1234\n"
        #expect(ProcStat.cpuSeconds(inStat: line, ticksPerSecond: 100) == 3.0)
        #expect(ProcStat.cpuSeconds(inStat: "4242 (flick) S 1 2 3", ticksPerSecond: 100) == nil, "too few fields")
        #expect(ProcStat.cpuSeconds(inStat: "no parenthesis here", ticksPerSecond: 100) == nil)
        let junk = "1 (x) S 1 1 1 0 -1 0 0 0 0 0 lots 50 0 0 20 0 1 0 1 1 1"
        #expect(ProcStat.cpuSeconds(inStat: junk, ticksPerSecond: 100) == nil, "a field that is not a number")
        let huge = "1 (x) S 1 1 1 0 -1 0 0 0 0 0 18446744073709551615 18446744073709551615 0 0 20 0 1 0 1 1 1"
        #expect(ProcStat.cpuSeconds(inStat: huge, ticksPerSecond: 100) != nil, "the largest counters add up without trapping")
    }

    @Test("a thread that spins reads as busy, between 0 and 1")
    func spinningThreadIsBusy() throws {
        var load = ThreadLoad()
        let until = Date().addingTimeInterval(0.3)
        var spins = 0
        while Date() < until { spins &+= 1 }
        let measured = load.share()
        let share = try #require(measured)
        // A loaded 2-core machine may take the core away part of the time.
        #expect(share > 0.2 && share <= 1, "\(share) after \(spins) spins")
    }
}
