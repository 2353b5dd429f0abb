import Foundation

/// How much memory this process holds, read from Linux's /proc, for the
/// diagnostics overlay. Any thread; each call reads the file again.
public enum ProcessMemory {
    /// The resident set size (VmRSS) in bytes, nil where /proc cannot be read.
    public static func residentBytes() -> Int64? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        return residentBytes(inStatus: text)
    }

    /// VmRSS of a `/proc/<pid>/status` text in bytes (the file counts in
    /// kB of 1,024 bytes); nil when the line is missing or malformed.
    public static func residentBytes(inStatus text: String) -> Int64? {
        kilobytes("VmRSS", inStatus: text).map { $0 * 1024 }
    }

    /// A `NAME:  N kB` field of a `/proc/<pid>/status` text (VmRSS, VmHWM,
    /// ...), in kB; nil when the line is missing or malformed.
    public static func kilobytes(_ name: String, inStatus text: String) -> Int64? {
        let prefix = name + ":"
        for line in text.split(separator: "\n") where line.hasPrefix(prefix) {
            let fields = line.dropFirst(prefix.count).split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let number = fields.first.flatMap({ Int64($0) }), fields.dropFirst().first == "kB" else { return nil }
            return number
        }
        return nil
    }
}
