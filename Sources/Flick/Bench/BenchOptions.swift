import FeedMedia
import FeedUI
import Foundation

/// What `flick bench` was asked to do.
struct BenchOptions: Equatable, Sendable {
    /// The stress modes to run, in order (each cold, then warm).
    var modes: [StressMode] = [.slow]
    /// How long each run pages through the feed, in seconds.
    var seconds = 60
    /// The demo server's bandwidth limit in bits per second; nil: none.
    var bandwidthBitsPerSecond: Int? = 20_000_000
    /// Added by the demo server before each response, in ms.
    var latencyMilliseconds = 20
    /// The engine to run when not comparing.
    var engine = PlaybackEngine.flick
    /// Run Flick and the naive engine, alternating, and print the ratios.
    var compare = false
    /// Where to write the runs as JSON (one object per run, in an array).
    var jsonPath: String?

    /// The engines to run, in the order they alternate.
    var engines: [PlaybackEngine] { compare ? [.flick, .naive] : [engine] }

    typealias ParseError = CommandLineOptions.ParseError

    /// What `flick bench --help` prints.
    static let help = """
    Usage: flick bench [OPTIONS]

    Pages through the demo feed in a real window (under Xvfb without a display)
    for a fixed time, first with an empty cache and then warm, and prints one
    markdown row per run (BENCHMARKS.md says what each column means).

    Options:
      --mode MODE[,MODE…]   slow (next post every 3 s), fast (every 350 ms), burst
                            (far jumps every 180 ms), remount (the feed widget torn
                            down and built again every 250 ms, 50 times), or all
                            (default slow)
      --seconds N           How long each run pages through the feed, from its first
                            post on screen (default 60, 1 to 3600)
      --bandwidth RATE      The demo server's limit for all responses together, like
                            20M or 500k, or none (default 20M)
      --latency MS          Added before every response of the demo server (default 20)
      --engine flick|naive  Which playback engine runs (default flick)
      --compare             Both engines, alternating, then the Flick/naive ratios
      --json FILE           The runs as a JSON array, one object per run
      -h, --help            Show this help
    """

    static let usage = "usage: flick bench [--mode MODE[,MODE…]] [--seconds N] [--bandwidth RATE|none] [--latency MS] [--engine flick|naive] [--compare] [--json FILE]"

    /// Parses the words after `flick bench`.
    static func parse(_ arguments: [String]) throws(ParseError) -> BenchOptions {
        var options = BenchOptions()
        var engineGiven = false
        var index = 0
        func value(for flag: String) throws(ParseError) -> String {
            index += 1
            guard index < arguments.count else { throw ParseError(description: "\(flag) needs a value (\(usage))") }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--mode":
                let text = try value(for: argument)
                let names = text == "all" ? StressMode.allCases.map(\.rawValue) : text.split(separator: ",").map(String.init)
                let modes = names.compactMap(StressMode.init(rawValue:))
                guard !names.isEmpty, modes.count == names.count else {
                    throw ParseError(description: "--mode takes \(StressMode.allNames) (several with commas, or all), not ‘\(text)’")
                }
                options.modes = modes
            case "--seconds":
                let text = try value(for: argument)
                guard let seconds = Int(text), (1...3_600).contains(seconds) else {
                    throw ParseError(description: "--seconds takes whole seconds from 1 to 3600, not ‘\(text)’")
                }
                options.seconds = seconds
            case "--bandwidth":
                let text = try value(for: argument)
                if text == "none" {
                    options.bandwidthBitsPerSecond = nil
                } else if let rate = CommandLineOptions.parseRate(text) {
                    options.bandwidthBitsPerSecond = rate
                } else {
                    throw ParseError(description: "--bandwidth takes bits per second like 20M, 500k or 8000000, or none, not ‘\(text)’")
                }
            case "--latency":
                let text = try value(for: argument)
                guard let ms = Int(text), (0...60_000).contains(ms) else {
                    throw ParseError(description: "--latency takes milliseconds from 0 to 60000, not ‘\(text)’")
                }
                options.latencyMilliseconds = ms
            case "--engine":
                let text = try value(for: argument)
                guard let engine = PlaybackEngine(rawValue: text) else {
                    throw ParseError(description: "--engine takes ‘flick’ or ‘naive’, not ‘\(text)’")
                }
                options.engine = engine
                engineGiven = true
            case "--compare":
                options.compare = true
            case "--json":
                options.jsonPath = try value(for: argument)
            default:
                throw ParseError(description: "flick bench does not take ‘\(argument)’ (\(usage))")
            }
            index += 1
        }
        if options.compare, engineGiven {
            throw ParseError(description: "--compare runs both engines: leave out --engine")
        }
        return options
    }
}
