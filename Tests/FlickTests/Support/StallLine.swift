import Foundation

/// One `FLICK_DEBUG_STALLS` line of the app's stderr:
/// `flick: stall: 84 ms on the GTK thread: player load 61 ms, session update 12 ms`.
struct StallLine: CustomStringConvertible {
    /// How long the turn dispatched, in milliseconds.
    var milliseconds: Int
    /// The labelled work that ran in it, label → milliseconds.
    var sections: [String: Int]
    var description: String

    /// Every stall line in `stderr`, in order.
    static func all(in stderr: String) -> [StallLine] {
        stderr.split(separator: "\n").compactMap { StallLine(String($0)) }
    }

    init?(_ line: String) {
        guard let start = line.range(of: "flick: stall: ") else { return nil }
        let rest = line[start.upperBound...]
        guard let total = rest.split(separator: " ").first.flatMap({ Int($0) }) else { return nil }
        milliseconds = total
        description = String(rest)
        sections = [:]
        guard let colon = rest.range(of: "GTK thread: ") else { return }
        for part in rest[colon.upperBound...].split(separator: ",") {
            let words = part.split(separator: " ")
            guard words.count >= 3, words.last == "ms", let value = Int(words[words.count - 2]) else { continue }
            sections[words.dropLast(2).joined(separator: " ")] = value
        }
    }
}
