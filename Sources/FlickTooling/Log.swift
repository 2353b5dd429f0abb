import Foundation

/// One-line messages on stderr, prefixed with the program name.
package enum Log {
    package static func error(_ message: String) { write("flick: \(message)") }
    package static func warning(_ message: String) { write("flick: warning: \(message)") }
    package static func info(_ message: String) { write("flick: \(message)") }

    private static func write(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
