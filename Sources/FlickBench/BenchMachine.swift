import Foundation

/// The machine column of `flick bench`: cores, processor and display, e.g.
/// "2 cores, AMD EPYC, Xvfb".
enum BenchMachine {
    static func describe(display: String) -> String {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        return ["\(cores) cores", processor(), display].compactMap { $0 }.joined(separator: ", ")
    }

    /// The 1-minute load average (/proc/loadavg), nil when unreadable.
    static func loadAverage() -> Double? {
        (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first.flatMap { Double($0) }
    }

    /// The processor's model name from /proc/cpuinfo, without its trade
    /// marks and clock speed.
    static func processor() -> String? {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
              let colon = line.firstIndex(of: ":") else { return nil }
        var name = String(line[line.index(after: colon)...])
        for noise in ["(R)", "(TM)", "(tm)", " CPU", "Processor"] {
            name = name.replacingOccurrences(of: noise, with: "")
        }
        if let at = name.range(of: "@") { name = String(name[..<at.lowerBound]) }
        let words = name.split(separator: " ").filter { !$0.hasSuffix("-Core") }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }
}
