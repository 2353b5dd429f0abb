import FeedMedia
import FeedUI
import FlickTooling
import Foundation

/// What `flick bench` was asked to do.
struct BenchOptions: Equatable, Sendable {
    /// The stress modes to run, in order (each cold, then warm).
    var modes: [StressMode] = [.slow]
    /// `--mode launch`: time the app's start (``LaunchBench``).
    var launch = false
    /// Starts per launch target.
    var launches = 5
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
    /// What the demo feed is served as: Flick's JSON, a PeerTube instance
    /// (each post's details fetched first) or a Mastodon hashtag.
    var source = BenchSource.flick

    /// The engines to run, in the order they alternate.
    var engines: [PlaybackEngine] { compare ? [.flick, .naive] : [engine] }

    typealias ParseError = OptionParseError

    /// `-h` or `--help` was given: print ``help`` instead of running.
    var helpAsked = false

    /// What --help says around the options.
    static let helpText = OptionParser.Text(parameters: "", summary: """
        Pages through the demo feed in a real window (under Xvfb without a display)
        for a fixed time, first with an empty cache and then warm, and prints one
        markdown row per run (BENCHMARKS.md says what each column means).
        """, description: nil)

    /// The options of `flick bench`; `--bandwidth`, `--latency` and
    /// `--engine` are made as the app's are.
    static var table: [CommandLineOption<BenchOptions>] { [
        CommandLineOption(long: "mode", value: "MODE[,MODE…]", help: "slow (next post every 3 s), fast (every 350 ms), burst (far jumps every "
               + "180 ms), remount (the feed widget torn down and built again every 250 ms, 50 times), steady (the "
               + "first post plays on, looping: like for like with GtkVideo and mpv), hidden (the first post plays 5 s, "
               + "then the window is minimised: CPU while hidden), hls (the demo's HLS posts, masters of three renditions, "
               + "10 s each: stream bytes per minute), saver (the same with the data saver on), foryou (slow in For You, the demo "
               + "feed mixed from three parts of it: TTFF beside slow's), launch (the app started on a one-clip folder and on "
               + "the demo, exec to first frame, beside mpv's start), or all (default slow)") { options, given throws(ParseError) in
            let text = given ?? ""
            let names = text == "all" ? StressMode.allCases.map(\.rawValue) + ["launch"] : text.split(separator: ",").map(String.init)
            let modes = names.compactMap(StressMode.init(rawValue:))
            let launch = names.contains("launch")
            guard !names.isEmpty, modes.count + (launch ? 1 : 0) == names.count else {
                throw ParseError(description: "--mode takes \(StressMode.allNames), launch (several with commas, or all), not ‘\(text)’")
            }
            options.modes = modes
            options.launch = launch
        },
        .value("launches", "N", help: "With --mode launch: starts per target (default 5, 1 to 50)", \.launches) { text throws(ParseError) in
            guard let count = Int(text), (1...50).contains(count) else {
                throw ParseError(description: "--launches takes a count from 1 to 50, not ‘\(text)’")
            }
            return count
        },
        .value("seconds", "N", help: "How long each run pages through the feed, from its first post on screen "
               + "(default 60, 1 to 3600)", \.seconds) { text throws(ParseError) in
            guard let seconds = Int(text), (1...3_600).contains(seconds) else {
                throw ParseError(description: "--seconds takes whole seconds from 1 to 3600, not ‘\(text)’")
            }
            return seconds
        },
        .bandwidth(\.bandwidthBitsPerSecond, allowsNone: true,
                   help: "The demo server's limit for all responses together, like 20M or 500k, or none (default 20M)"),
        .milliseconds("latency", help: "Added before every response of the demo server (default 20)", \.latencyMilliseconds),
        CommandLineOption(long: "engine", value: "flick|naive", help: "Which playback engine runs (default flick)") {
            options, text throws(ParseError) in
            try CommandLineOption<BenchOptions>.engine(\.engine, help: "").apply(&options, text)
            options.engineGiven = true
        },
        .flag("compare", help: "Both engines, alternating, then the Flick/naive ratios", \.compare),
        .value("source", "flick|peertube|mastodon", help: "What the demo feed is served as: Flick's JSON feed, a PeerTube "
               + "instance's API (a details request per post) or a Mastodon hashtag's timeline (default flick)", \.source) {
            text throws(ParseError) in
            guard let source = BenchSource(rawValue: text) else {
                throw ParseError(description: "--source takes flick, peertube or mastodon, not ‘\(text)’")
            }
            return source
        },
        .value("json", "FILE", help: "The runs as a JSON array, one object per run", \.jsonPath) { $0 },
        CommandLineOption(long: "help", short: "h", value: nil, help: "Show this help") { options, _ in options.helpAsked = true },
    ] }

    /// What `flick bench --help` prints: GLib's help for ``table``.
    static var help: String {
        OptionParser.help(table: table, text: helpText, program: "flick bench")
    }

    /// Whether `--engine` was given (it cannot go with `--compare`).
    private var engineGiven = false

    /// Parses the words after `flick bench`.
    static func parse(_ arguments: [String]) throws(ParseError) -> BenchOptions {
        var options = BenchOptions()
        let rest = try OptionParser.parse(arguments, table: table, into: &options, text: helpText)
        if options.helpAsked { return BenchOptions(helpAsked: true) }
        if let word = rest.first {
            throw ParseError(description: "flick bench does not take ‘\(word)’ (see flick bench --help)")
        }
        if options.compare, options.engineGiven {
            throw ParseError(description: "--compare runs both engines: leave out --engine")
        }
        options.engineGiven = false
        return options
    }
}
