import Foundation

/// One-line messages on stderr, prefixed with the program name.
enum Log {
    static func error(_ message: String) { write("flick: \(message)") }
    static func warning(_ message: String) { write("flick: warning: \(message)") }
    static func info(_ message: String) { write("flick: \(message)") }

    private static func write(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
