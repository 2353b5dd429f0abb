import FeedMedia
import FeedUI

/// One command-line option of a table: its names, what its value looks
/// like and means (for --help), and what it does to the options being
/// parsed (`Target`). ``OptionParser`` hands the table to GLib's option
/// parser, which also writes --help from it.
///
/// The options `flick` and `flick bench` share (`--bandwidth`,
/// `--latency`, `--engine`) are made by the same functions below, so
/// their names, values and messages are the same in both.
package struct CommandLineOption<Target> {
    /// Without the dashes: "fit".
    package let long: String
    /// A one-letter name ("h" for -h), if any.
    package var short: Character?
    /// What the value looks like in --help ("MODE"); nil for a flag without a value.
    package let value: String?
    /// One line for --help.
    package let help: String
    /// Applies the option: the value (nil for a flag) into the target, or
    /// a message for the user when the value is refused.
    package let apply: (inout Target, String?) throws(OptionParseError) -> Void

    package init(long: String, short: Character? = nil, value: String?, help: String,
                 apply: @escaping (inout Target, String?) throws(OptionParseError) -> Void) {
        self.long = long
        self.short = short
        self.value = value
        self.help = help
        self.apply = apply
    }

    package typealias ParseError = OptionParseError

    /// A flag: sets `path` to true.
    package static func flag(_ long: String, help: String, _ path: WritableKeyPath<Target, Bool>) -> Self {
        CommandLineOption(long: long, value: nil, help: help) { target, _ in target[keyPath: path] = true }
    }

    /// An option whose value `parse` checks and turns into what `path` holds.
    package static func value<Value>(_ long: String, _ value: String, help: String, _ path: WritableKeyPath<Target, Value>,
                             _ parse: @escaping (String) throws(ParseError) -> Value) -> Self {
        CommandLineOption(long: long, value: value, help: help) { target, text throws(ParseError) in
            target[keyPath: path] = try parse(text ?? "")
        }
    }

    /// `--bandwidth RATE`: bits per second like 20M or 500k (decimal
    /// units); `none` too when `allowsNone` (no limit).
    package static func bandwidth(_ path: WritableKeyPath<Target, Int?>, allowsNone: Bool, help: String) -> Self {
        value("bandwidth", "RATE", help: help, path) { text throws(ParseError) in
            if allowsNone, text == "none" { return nil }
            guard let rate = parseRate(text) else {
                throw ParseError(description: "--bandwidth takes bits per second like 20M, 500k or 8000000"
                                 + (allowsNone ? ", or none," : ",") + " not ‘\(text)’")
            }
            return rate
        }
    }

    /// `--latency MS` (and the like): whole milliseconds from 0 to 60000.
    package static func milliseconds(_ long: String, help: String, _ path: WritableKeyPath<Target, Int>) -> Self {
        value(long, "MS", help: help, path) { text throws(ParseError) in
            guard let ms = Int(text), (0...60_000).contains(ms) else {
                throw ParseError(description: "--\(long) takes milliseconds from 0 to 60000, not ‘\(text)’")
            }
            return ms
        }
    }

    /// `--engine flick|naive`.
    package static func engine(_ path: WritableKeyPath<Target, PlaybackEngine>, help: String) -> Self {
        value("engine", "flick|naive", help: help, path) { text throws(ParseError) in
            guard let engine = PlaybackEngine(rawValue: text) else {
                throw ParseError(description: "--engine takes ‘flick’ or ‘naive’, not ‘\(text)’")
            }
            return engine
        }
    }

    /// Bits per second from "20M", "500k", "8000000" (decimal units).
    package static func parseRate(_ text: String) -> Int? {
        let lowered = text.lowercased()
        let units: [(String, Double)] = [("g", 1e9), ("m", 1e6), ("k", 1e3)]
        for (suffix, factor) in units where lowered.hasSuffix(suffix) {
            guard let value = Double(lowered.dropLast()), value > 0, value * factor < Double(Int32.max) * 100 else { return nil }
            return Int(value * factor)
        }
        guard let value = Int(lowered), value > 0 else { return nil }
        return value
    }
}
