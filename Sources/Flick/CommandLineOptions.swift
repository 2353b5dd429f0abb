import FeedCore
import FeedMedia
import FeedUI
import Foundation

/// What the user asked for on the command line.
struct CommandLineOptions: Equatable {
    /// Which feed to open.
    enum Source: Equatable {
        /// The built-in demo feed.
        case demo
        /// A folder of the user's own videos and pictures.
        case folder(String)
        /// A JSON feed over http(s).
        case remote(URL)
    }

    /// What to do.
    enum Command: Equatable {
        case run(Source)
        /// Serve a folder as a JSON feed over HTTP, without a window.
        case serve(String)
        /// Look at or change the media cache (`flick cache …`).
        case cache(CacheCommand.Action)
        /// Measure the app under a stress mode, cold and warm (`flick bench …`).
        case bench(BenchOptions)
        /// `flick bench --help`: what the bench's options mean.
        case benchHelp
        case help
        case version
    }

    var command: Command = .run(.demo)
    /// Print the feed's state as JSON lines on stdout.
    var reportState = false
    /// Items in the demo feed.
    var demoItems = 1200
    /// Overrides the saved content fit.
    var fit: ContentFit?
    /// Which way the feed pages (stories style when horizontal).
    var paging = PagingAxis.vertical
    /// Indices to jump to without animation, one every 180 ms, once the feed shows.
    var jumps: [Int] = []
    /// Show the demo feed straight from its files, every item known at once,
    /// instead of through the built-in HTTP server.
    var localDemo = false
    /// The built-in server's bandwidth limit in bits per second (nil: none).
    var bandwidthBitsPerSecond: Int?
    /// Added before each response of the built-in server, in ms.
    var latencyMilliseconds = 0
    /// Added before each feed page of the built-in server, in ms.
    var pageDelayMilliseconds = 0
    /// The share of likes the demo server refuses (0...1), so the revert shows.
    var likeFailureShare = 0.1
    /// Play http(s) videos through the byte-range cache and preload startup
    /// ranges (the default); `--no-media-cache` plays straight from the
    /// network, for comparing the two.
    var mediaCache = true
    /// Run this stress mode once the feed shows (`--stress`).
    var stress: StressMode?
    /// With `--stress`: quit after this many seconds of it.
    var stressSeconds: Int?
    /// With `--stress`: write what the run measured, as JSON, here at exit.
    var stressReport: String?
    /// Which playback driver the feed runs: Flick's, or the naive baseline.
    var engine = PlaybackEngine.flick

    /// A command-line mistake, with the one line to print.
    struct ParseError: Error, Equatable, CustomStringConvertible {
        let description: String
    }

    static let usage = """
    Usage: flick [OPTIONS] [FOLDER]

    Swipe through short videos and photos, one full-window page at a time.

    Commands:
      flick                 Open the built-in demo feed: its media (made on first run)
                            served by a server inside Flick on 127.0.0.1, as a real feed
      flick FOLDER          Open the videos and pictures in FOLDER and its subfolders, newest first
      flick URL             Open a JSON feed over http(s) (format: see the README)
      flick serve FOLDER    Serve FOLDER's videos and pictures as a JSON feed over HTTP on
                            127.0.0.1 until interrupted, for trying other clients
      flick cache status [KEY] | size | remove KEY | clear | preload URL…
                            The media cache: what it holds per key (none/partial/complete
                            and bytes), video and image bytes, drop one key or everything,
                            fetch files into it (keys look like video:item-12)
      flick bench [--mode MODE[,MODE…]|all] [--seconds N] [--bandwidth RATE|none]
                  [--latency MS] [--engine flick|naive] [--compare] [--json FILE]
                            Run a stress mode (default slow) for N seconds (default 60) in a
                            real window (under Xvfb without a display), from a demo server
                            limited to RATE (default 20M) and MS latency (default 20), with
                            an empty cache and then warm; print a markdown row per run, and
                            JSON with --json. --compare alternates Flick and the naive
                            engine and prints the ratios (see BENCHMARKS.md)

    Options:
      --report-state        Print the feed's state as one JSON object per line on stdout
                            whenever it changes (keys: phase, current_index, current_id,
                            mounted_pages, item_count)
      --demo-items N        Number of items in the demo feed (default 1200)
      --local-demo          Show the demo feed straight from its files, no server
      --bandwidth RATE      Limit the built-in server to RATE bits/s (e.g. 20M, 500k)
      --latency MS          Add MS milliseconds before each response of the built-in server
      --page-delay MS       Add MS milliseconds before each feed page of the built-in server
      --like-failures SHARE The share of likes the demo server refuses, 0 to 1 (default 0.1)
      --no-media-cache      Play http(s) videos straight from the network: no disk
                            cache, no preloaded first bytes (for comparison)
      --fit cover|contain   How media fills a page: crop to fill, or letterbox
                            (default: the saved preference, cover)
      --paging vertical|horizontal
                            Page up and down (default) or left and right, stories style
      --jumps I,J,...       Once the feed shows, jump to these posts without animation,
                            one every 180 ms, then stay (for checking stale frames)
      --stress MODE         Once the feed shows, page through it on a fixed schedule,
                            muted: slow (next post every 3 s), fast (every 350 ms),
                            burst (jumps every 180 ms) or remount (the feed rebuilt every
                            250 ms, 50 times); a summary goes to stderr at exit
      --stress-seconds N    With --stress: quit after N seconds of it
      --stress-report FILE  With --stress: write what the run measured (TTFF samples,
                            rebuffers, players, memory, cache bytes) as JSON to FILE at
                            exit; what flick bench reads
      --engine flick|naive  Flick's pooled, preloading playback (default), or the naive
                            baseline: a new player per page when it becomes current,
                            straight from the network (for comparison)
      -h, --help            Show this help and exit
      --version             Show the version and exit

    Keys: Down/j/Page Down next post, Up/k/Page Up previous, Home first, End last.
    """

    /// Parses the arguments after the program name.
    static func parse(_ arguments: [String]) throws(ParseError) -> CommandLineOptions {
        if arguments.first == "bench" {
            if arguments.dropFirst().contains(where: { $0 == "-h" || $0 == "--help" }) {
                return CommandLineOptions(command: .benchHelp)
            }
            return CommandLineOptions(command: .bench(try BenchOptions.parse(Array(arguments.dropFirst()))))
        }
        var options = CommandLineOptions()
        var positional: [String] = []
        var index = 0
        func value(for flag: String) throws(ParseError) -> String {
            index += 1
            guard index < arguments.count else { throw ParseError(description: "\(flag) needs a value (see flick --help)") }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "-h", "--help":
                return CommandLineOptions(command: .help)
            case "--version":
                return CommandLineOptions(command: .version)
            case "--report-state":
                options.reportState = true
            case "--demo-items":
                let text = try value(for: argument)
                guard let count = Int(text), count > 0, count <= 10_000_000 else {
                    throw ParseError(description: "--demo-items takes a whole number from 1 to 10000000, not ‘\(text)’")
                }
                options.demoItems = count
            case "--fit":
                let text = try value(for: argument)
                guard let fit = ContentFit(rawValue: text) else {
                    throw ParseError(description: "--fit takes ‘cover’ or ‘contain’, not ‘\(text)’")
                }
                options.fit = fit
            case "--paging":
                let text = try value(for: argument)
                guard let axis = PagingAxis(rawValue: text) else {
                    throw ParseError(description: "--paging takes ‘vertical’ or ‘horizontal’, not ‘\(text)’")
                }
                options.paging = axis
            case "--jumps":
                let text = try value(for: argument)
                let parts = text.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
                guard !parts.isEmpty, parts.allSatisfy({ ($0 ?? -1) >= 0 }) else {
                    throw ParseError(description: "--jumps takes post numbers separated by commas, like 0,1,2,10, not ‘\(text)’")
                }
                options.jumps = parts.compactMap { $0 }
            case "--local-demo":
                options.localDemo = true
            case "--bandwidth":
                let text = try value(for: argument)
                guard let rate = parseRate(text) else {
                    throw ParseError(description: "--bandwidth takes bits per second like 20M, 500k or 8000000, not ‘\(text)’")
                }
                options.bandwidthBitsPerSecond = rate
            case "--latency", "--page-delay":
                let text = try value(for: argument)
                guard let ms = Int(text), ms >= 0, ms <= 60_000 else {
                    throw ParseError(description: "\(argument) takes milliseconds from 0 to 60000, not ‘\(text)’")
                }
                if argument == "--latency" { options.latencyMilliseconds = ms } else { options.pageDelayMilliseconds = ms }
            case "--no-media-cache":
                options.mediaCache = false
            case "--stress":
                let text = try value(for: argument)
                guard let mode = StressMode(rawValue: text) else {
                    throw ParseError(description: "--stress takes \(StressMode.allNames), not ‘\(text)’")
                }
                options.stress = mode
            case "--stress-seconds":
                let text = try value(for: argument)
                guard let seconds = Int(text), (1...86_400).contains(seconds) else {
                    throw ParseError(description: "--stress-seconds takes whole seconds from 1 to 86400, not ‘\(text)’")
                }
                options.stressSeconds = seconds
            case "--stress-report":
                options.stressReport = try value(for: argument)
            case "--engine":
                let text = try value(for: argument)
                guard let engine = PlaybackEngine(rawValue: text) else {
                    throw ParseError(description: "--engine takes ‘flick’ or ‘naive’, not ‘\(text)’")
                }
                options.engine = engine
            case "--like-failures":
                let text = try value(for: argument)
                guard let share = Double(text), (0...1).contains(share) else {
                    throw ParseError(description: "--like-failures takes a share from 0 to 1, like 0.1, not ‘\(text)’")
                }
                options.likeFailureShare = share
            case "--":
                positional += arguments[(index + 1)...]
                index = arguments.count
                continue
            default:
                if argument.hasPrefix("-"), argument != "-" {
                    throw ParseError(description: "unknown option ‘\(argument)’ (see flick --help)")
                }
                positional.append(argument)
            }
            index += 1
        }
        if options.stress == nil, options.stressSeconds != nil || options.stressReport != nil {
            throw ParseError(description: "--stress-seconds and --stress-report go with --stress MODE")
        }
        if positional.first == "cache" {
            guard let action = CacheCommand.parse(Array(positional.dropFirst())) else {
                throw ParseError(description: CacheCommand.usage)
            }
            options.command = .cache(action)
            return options
        }
        if positional.first == "serve" {
            guard positional.count == 2 else {
                throw ParseError(description: "flick serve takes one folder: flick serve FOLDER")
            }
            options.command = .serve(positional[1])
            return options
        }
        switch positional.count {
        case 0: options.command = .run(.demo)
        case 1:
            let argument = positional[0]
            let lowered = argument.lowercased()
            if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
                guard let url = URL(string: argument), url.host != nil else {
                    throw ParseError(description: "‘\(argument)’ is not a valid feed URL")
                }
                options.command = .run(.remote(url))
            } else if let colon = argument.firstIndex(of: ":"), argument[..<colon].allSatisfy({ $0.isLetter }),
                      argument[argument.index(after: colon)...].hasPrefix("//") {
                throw ParseError(description: "Flick opens http(s) feeds and folders, not ‘\(argument[..<colon])’ addresses")
            } else {
                options.command = .run(.folder(argument))
            }
        default: throw ParseError(description: "flick opens one feed at a time; got \(positional.count): \(positional.joined(separator: " "))")
        }
        return options
    }

    /// Bits per second from "20M", "500k", "8000000" (decimal units).
    static func parseRate(_ text: String) -> Int? {
        let lowered = text.lowercased()
        let units: [(String, Double)] = [("g", 1e9), ("m", 1e6), ("k", 1e3)]
        for (suffix, factor) in units where lowered.hasSuffix(suffix) {
            guard let value = Double(lowered.dropLast()), value > 0 else { return nil }
            return Int(value * factor)
        }
        guard let value = Int(lowered), value > 0 else { return nil }
        return value
    }
}
