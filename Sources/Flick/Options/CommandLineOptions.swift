import CGLib
import FeedCore
import FeedGObject
import FeedMedia
import FeedSources
import FeedUI
import FlickTooling
import Foundation

/// What the user asked for on the command line.
struct CommandLineOptions: Equatable {
    /// Which feed to open.
    enum Source: Equatable {
        /// The built-in demo feed.
        case demo
        /// A folder of the user's own videos and pictures.
        case folder(String)
        /// A JSON feed or a playlist over http(s).
        case remote(URL)
        /// An M3U or M3U8 playlist file.
        case playlist(String)
        /// A PeerTube instance, channel or account, or a Mastodon timeline,
        /// named in an explicit form (`peertube:HOST`, `mastodon:HOST/tags/NAME`).
        case service(ServiceAddress)
        /// A Bluesky account, custom feed or post (`bsky:HANDLE…`, a
        /// `bsky.app` profile address), or the signed-in user's timeline.
        case bluesky(BlueskyAddress)
        /// For You: every listed source mixed (`flick foryou`).
        case forYou
    }

    /// What to do.
    enum Command: Equatable {
        case run(Source)
        /// Serve a folder as a JSON feed over HTTP, without a window.
        case serve(String)
        /// Look at or change the media cache (`flick cache …`).
        case cache(CacheCommand.Action)
        /// Measure the app under a stress mode, cold and warm: `flick bench
        /// WORDS` runs `flick-bench WORDS` (``BenchForwarder``).
        case bench([String])
        /// Sign in, list or sign out accounts (`flick account …`).
        case account(AccountCommand.Action)
        case help
        case version
    }

    var command: Command = .run(.demo)
    /// The sources named after the first: listed in the sidebar, not opened.
    var alsoListed: [Source] = []
    /// Run a Flick of its own instead of handing the sources to the one
    /// already running (`--standalone`; stress runs always do).
    var standalone = false
    /// Print the feed's state as JSON lines on stdout.
    var reportState = false
    /// Items in the demo feed.
    var demoItems = 1200
    /// Overrides the saved content fit.
    var fit: FitChoice?
    /// Overrides the saved `hardware-decoding`.
    var hardwareDecoding: HardwareDecoding?
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
    /// For You's random choices start from this seed (`--mix-seed`), so a
    /// run can be repeated; nil: a new one each launch.
    var mixSeed: UInt64?

    /// A command-line mistake, with the one line to print.
    typealias ParseError = OptionParseError

    /// What --help says around the options.
    static var helpText: OptionParser.Text {
        OptionParser.Text(parameters: "[FOLDER | PLAYLIST | URL | SERVICE…]", summary: tr("Swipe through short videos and photos, one full-window page at a time.\n\nCommands:\n  flick                 Open the built-in demo feed: its media (made on first run)\n                        served by a server inside Flick on 127.0.0.1, as a real feed\n                        (while Flick runs, its window shows what a new launch names;\n                        more than one source opens the first and lists the others)\n  flick FOLDER          Open the videos and pictures in FOLDER and its subfolders, newest first\n  flick PLAYLIST.m3u    Open the entries of an M3U or M3U8 playlist file, in order\n  flick URL             Open a feed over http(s): Flick's JSON format (see the README),\n                        a JSON Feed (1.1 or 1.0), RSS or Atom, or an M3U playlist; a bare\n                        server address (https://HOST) opens a PeerTube or Mastodon server\n  flick peertube:HOST[:PORT][/c/CHANNEL | /a/ACCOUNT | /trending | /recent | /local]\n                        Open a PeerTube instance's videos (short ones first), a channel's\n                        or an account's\n  flick mastodon:HOST[:PORT]/tags/NAME | /local | /public\n                        Open the pictures and videos of a Mastodon hashtag or timeline\n                        (https; plain http for a loopback HOST)\n  flick bsky:HANDLE[/feed/RKEY | /post/RKEY]\n                        Open a Bluesky account's posts with media, or a custom feed it\n                        made (https://bsky.app/profile/… addresses open the same)\n  flick foryou          Open For You: every source in the sidebar mixed into one feed\n                        that learns, on this computer, from what you watch\n  flick serve FOLDER    Serve FOLDER's videos and pictures as a JSON feed over HTTP on\n                        127.0.0.1 until interrupted, for trying other clients\n  flick cache status [KEY] | size | remove KEY | clear | preload URL…\n                        The media cache: what it holds per key (none/partial/complete\n                        and bytes), video and image bytes, drop one key or everything,\n                        fetch files into it (keys look like video:item-12)\n  flick account add mastodon:HOST | add peertube:HOST --user NAME [--code CODE]\n              | add bsky:HANDLE | list | remove HOST NAME\n                        Sign in to a Mastodon or PeerTube server or to Bluesky (an app\n                        password on standard input; the tokens go to the keyring), list\n                        the accounts signed in to, or sign out of one\n  flick bench [OPTION…] Run stress modes in a real window, cold and then warm, and\n                        print a markdown row per run (see flick bench --help and\n                        BENCHMARKS.md)"),
                          description: tr("Keys: Down/j/Page Down next post, Up/k/Page Up previous, Home first, End last."))
    }

    /// The options of `flick`, in the order --help lists them.
    static var table: [CommandLineOption<CommandLineOptions>] { [
        .flag("report-state", help: tr("Print the feed's state as one JSON object per line on stdout whenever it changes (keys: phase, current_index, current_id, mounted_pages, item_count)"), \.reportState),
        .value("demo-items", "N", help: tr("Number of items in the demo feed (default 1200)"), \.demoItems) { text throws(ParseError) in
            guard let count = Int(text), count > 0, count <= 10_000_000 else {
                throw ParseError(description: tr("--demo-items takes a whole number from 1 to 10000000, not ‘%1$s’").filled(text))
            }
            return count
        },
        .value("mix-seed", "N", help: tr("Make For You's random choices repeatable: the same seed, the same mix for the same sources and taste"),
               \.mixSeed) { text throws(ParseError) in
            guard let seed = UInt64(text) else {
                throw ParseError(description: tr("--mix-seed takes a whole number from 0 to 18446744073709551615, not ‘%1$s’").filled(text))
            }
            return seed
        },
        .flag("standalone", help: tr("Run a Flick of its own instead of showing the sources in the one already running"),
              \.standalone),
        .flag("local-demo", help: tr("Show the demo feed straight from its files, no server"), \.localDemo),
        .bandwidth(\.bandwidthBitsPerSecond, allowsNone: false, help: tr("Limit the built-in server to RATE bits/s (e.g. 20M, 500k)")),
        .milliseconds("latency", help: tr("Add MS milliseconds before each response of the built-in server"), \.latencyMilliseconds),
        .milliseconds("page-delay", help: tr("Add MS milliseconds before each feed page of the built-in server"),
                      \.pageDelayMilliseconds),
        .value("like-failures", "SHARE", help: tr("The share of likes the demo server refuses, 0 to 1 (default 0.1)"),
               \.likeFailureShare) { text throws(ParseError) in
            guard let share = Double(text), (0...1).contains(share) else {
                throw ParseError(description: tr("--like-failures takes a share from 0 to 1, like 0.1, not ‘%1$s’").filled(text))
            }
            return share
        },
        CommandLineOption(long: "no-media-cache", value: nil, help: tr("Play http(s) videos straight from the network: no disk cache, no preloaded first bytes (for comparison)")) { options, _ in options.mediaCache = false },
        .value("fit", "auto|cover|contain", help: tr("How media fills a page: crop to fill where little is lost, always crop, or always show it whole (default: the saved preference, auto)"), \.fit) { text throws(ParseError) in
            guard let fit = FitChoice(rawValue: text) else {
                throw ParseError(description: tr("--fit takes ‘auto’, ‘cover’ or ‘contain’, not ‘%1$s’").filled(text))
            }
            return fit
        },
        .value("hardware-decoding", "auto|off", help: tr("Let GStreamer use a hardware video decoder where the machine has one, or always decode in software (default: the saved preference, auto)"),
               \.hardwareDecoding) { text throws(ParseError) in
            guard let mode = HardwareDecoding(rawValue: text) else {
                throw ParseError(description: tr("--hardware-decoding takes ‘auto’ or ‘off’, not ‘%1$s’").filled(text))
            }
            return mode
        },
        .value("paging", "vertical|horizontal", help: tr("Page up and down (default) or left and right, stories style"),
               \.paging) { text throws(ParseError) in
            guard let axis = PagingAxis(rawValue: text) else {
                throw ParseError(description: tr("--paging takes ‘vertical’ or ‘horizontal’, not ‘%1$s’").filled(text))
            }
            return axis
        },
        .value("jumps", "I,J,…", help: tr("Once the feed shows, jump to these posts without animation, one every 180 ms, then stay (for checking stale frames)"), \.jumps) { text throws(ParseError) in
            let parts = text.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard !parts.isEmpty, parts.allSatisfy({ ($0 ?? -1) >= 0 }) else {
                throw ParseError(description: tr("--jumps takes post numbers separated by commas, like 0,1,2,10, not ‘%1$s’").filled(text))
            }
            return parts.compactMap { $0 }
        },
        .value("stress", "MODE", help: tr("Once the feed shows, page through it on a fixed schedule, muted: slow (next post every 3 s), fast (every 350 ms), burst (jumps every 180 ms), remount (the feed rebuilt every 250 ms, 50 times), steady (the first post plays on, looping), hidden (the window minimised after 5 s), hls (the demo's HLS posts, 10 s each) or saver (the same with the data saver on); a summary goes to stderr at exit"), \.stress) { text throws(ParseError) in
            guard let mode = StressMode(rawValue: text) else {
                throw ParseError(description: tr("--stress takes %1$s, not ‘%2$s’").filled(StressMode.allNames, text))
            }
            return mode
        },
        .value("stress-seconds", "N", help: tr("With --stress: quit after N seconds of it"), \.stressSeconds) { text throws(ParseError) in
            guard let seconds = Int(text), (1...86_400).contains(seconds) else {
                throw ParseError(description: tr("--stress-seconds takes whole seconds from 1 to 86400, not ‘%1$s’").filled(text))
            }
            return seconds
        },
        .value("stress-report", "FILE", help: tr("With --stress: write what the run measured (TTFF samples, rebuffers, players, memory, cache bytes) as JSON to FILE at exit; what flick bench reads"), \.stressReport) { $0 },
        .engine(\.engine, help: tr("Flick's pooled, preloading playback (default), or the naive baseline: a new player per page when it becomes current, straight from the network (for comparison)")),
        CommandLineOption(long: "help", short: "h", value: nil, help: tr("Show this help and exit")) { options, _ in
            options.command = .help
        },
        CommandLineOption(long: "version", value: nil, help: tr("Show the version and exit")) { options, _ in
            options.command = .version
        },
    ] }

    /// The table the app gives GApplication (``ApplicationOptions``):
    /// ``table`` without its `-h, --help`, which GApplication's own help is.
    static var applicationTable: [CommandLineOption<CommandLineOptions>] { table.filter { $0.long != "help" } }

    /// What ``table``'s --help says, as GLib writes it (for tests and
    /// ``parse``; the app's --help is GApplication's, from the same table).
    static var help: String { OptionParser.help(table: table, text: helpText, program: "flick") }

    /// Whether `arguments` (after the program name) are `flick bench`,
    /// whose words are the bench's own (`flick-bench` parses them).
    static func isSubcommand(_ arguments: [String]) -> Bool {
        arguments.first == "bench" || arguments.first == "account"
    }

    /// Parses the arguments after the program name with GLib's option
    /// parser (for tests, and `flick bench`, whose words are passed on
    /// unread); the app parses through GApplication instead
    /// (``ApplicationOptions``, the same table and ``interpret(_:positional:)``).
    static func parse(_ arguments: [String]) throws(ParseError) -> CommandLineOptions {
        if arguments.first == "bench" {
            return CommandLineOptions(command: .bench(Array(arguments.dropFirst())))
        }
        if arguments.first == "account" {
            guard let action = AccountCommand.parse(AccountCommand.normalize(Array(arguments.dropFirst()))) else {
                throw ParseError(description: AccountCommand.usage)
            }
            return CommandLineOptions(command: .account(action))
        }
        var options = CommandLineOptions()
        let positional = try OptionParser.parse(arguments, table: table, into: &options, text: helpText)
        return try interpret(options, positional: positional)
    }

    /// The command the options and the other words (`positional`, in
    /// order) ask for, with the checks that span several options.
    static func interpret(_ parsed: CommandLineOptions, positional: [String]) throws(ParseError) -> CommandLineOptions {
        var options = parsed
        // Help and version win over everything else.
        if options.command == .help || options.command == .version { return CommandLineOptions(command: options.command) }
        if options.stress == nil, options.stressSeconds != nil || options.stressReport != nil {
            throw ParseError(description: tr("--stress-seconds and --stress-report go with --stress MODE"))
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
                throw ParseError(description: tr("flick serve takes one folder: flick serve FOLDER"))
            }
            options.command = .serve(positional[1])
            return options
        }
        if positional.first == "foryou" {
            guard positional.count == 1 else {
                throw ParseError(description: tr("flick foryou takes no other words: it mixes the sources listed in the sidebar"))
            }
            options.command = .run(.forYou)
            return options
        }
        let sources = try positional.map { (argument) throws(ParseError) in try source(for: argument) }
        options.command = .run(sources.first ?? .demo)
        options.alsoListed = Array(sources.dropFirst())
        return options
    }

    /// The source one word of the command line (or a file a file manager
    /// hands over, as its URI) names: a service address, an http(s) feed,
    /// a `file://` URI or path of a playlist or folder.
    static func source(for argument: String) throws(ParseError) -> Source {
        if argument == forYouURI { return .forYou }
        let lowered = argument.lowercased()
        if let bluesky = BlueskyAddress.parse(argument) {
            switch bluesky {
            case .success(let address): return .bluesky(address)
            case .failure(let problem): throw ParseError(description: problem.localizedDescription)
            }
        } else if let explicit = ServiceAddress.parse(argument) {
            switch explicit {
            case .success(let address): return .service(address)
            case .failure(let problem): throw ParseError(description: problem.localizedDescription)
            }
        } else if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            guard let url = URL(string: argument), url.host != nil else {
                throw ParseError(description: tr("‘%1$s’ is not a valid feed URL").filled(argument))
            }
            return .remote(url)
        } else if lowered.hasPrefix("file:") {
            guard let path = localPath(ofURI: argument) else {
                throw ParseError(description: tr("‘%1$s’ is not the address of a file on this computer").filled(argument))
            }
            return PlaylistFile.isPlaylist(path: path) ? .playlist(path) : .folder(path)
        } else if let colon = argument.firstIndex(of: ":"), argument[..<colon].allSatisfy({ $0.isLetter }),
                  argument[argument.index(after: colon)...].hasPrefix("//") {
            throw ParseError(description: tr("Flick opens http(s) feeds, peertube:, mastodon: and bsky: addresses and folders, not ‘%1$s’ addresses")
                .filled(String(argument[..<colon])))
        } else if PlaylistFile.isPlaylist(path: argument) {
            return .playlist(argument)
        } else {
            return .folder(argument)
        }
    }

    /// How a later launch's `flick foryou` reaches the running Flick (as an address, not a file).
    static let forYouURI = "flick:foryou"

    /// The path a `file://` URI names (percent-escapes decoded by GLib),
    /// nil when it names another host or is not a valid URI.
    static func localPath(ofURI uri: String) -> String? {
        var host: UnsafeMutablePointer<CChar>?
        guard let path = g_filename_from_uri(uri, &host, nil) else { return nil }
        defer {
            g_free(path)
            g_free(host)
        }
        if let host, !["", "localhost"].contains(String(cString: host)) { return nil }
        return String(validatingCString: path)
    }
}
