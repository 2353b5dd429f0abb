import Foundation

/// Reads the CPU time out of a Linux `/proc/…/stat` line (a process's or a
/// thread's). Pure parsing, any thread.
public enum ProcStat {
    /// Clock ticks per second, the unit of the stat line's times.
    public static let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))

    /// User plus system time in seconds: fields 14 and 15, counted after
    /// the command name, which is in parentheses and may itself hold spaces
    /// and parentheses. Nil for a malformed line.
    public static func cpuSeconds(inStat text: String, ticksPerSecond: Double = ticksPerSecond) -> Double? {
        guard ticksPerSecond > 0, let close = text.lastIndex(of: ")") else { return nil }
        // After ")": field 3 (state) is the first, so utime (14) is the 12th.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = UInt64(fields[11]), let system = UInt64(fields[12]) else { return nil }
        return (Double(user) + Double(system)) / ticksPerSecond
    }
}
