import CGLib
import FeedDemo
import FeedMedia
import FeedUI
import FlickTooling
import Foundation

/// `flick bench`: starts the demo server (bandwidth and latency as asked),
/// then for each mode runs the real app for a fixed time with an empty
/// cache and again warm, each engine with a cache folder of its own, and
/// prints a markdown row per run, the Flick/naive ratios with `--compare`,
/// and the targets met and missed. See BENCHMARKS.md. Main thread; the
/// server runs on a thread of its own.
@MainActor
enum BenchCommand {
    static func run(_ options: BenchOptions) -> Int32 {
        let interrupt = BenchInterrupt()
        interrupt.install()
        let work: URL
        do {
            work = try FileManager.default.url(for: .itemReplacementDirectory, in: .userDomainMask,
                                               appropriateFor: FileManager.default.temporaryDirectory, create: true)
                .appendingPathComponent("flick-bench")
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        } catch {
            Log.error("bench: cannot make a temporary folder: \(error)")
            return 1
        }
        interrupt.removeOnInterrupt(work.deletingLastPathComponent())
        defer { try? FileManager.default.removeItem(at: work.deletingLastPathComponent()) }

        guard let library = demoLibrary() else { return 1 }
        let assets = DemoFeedAssets.prepare(library: library, in: DemoFeedLocation.mediaDirectory)
        let server = MediaServer(options: MediaServer.Options(bandwidthBitsPerSecond: options.bandwidthBitsPerSecond,
                                                              latencyMilliseconds: options.latencyMilliseconds))
        let feedAddress: String
        do {
            _ = try server.startOnOwnThread()
            let demo = DemoFeedServer(library: library, assets: assets, itemCount: StressMode.items,
                                      pageSize: StressMode.feedPageSize)
            let feedURL = try demo.install(on: server)
            switch options.source {
            case .flick: feedAddress = feedURL.absoluteString
            case .peertube: feedAddress = try demo.installPeerTube(on: server)
            case .mastodon: feedAddress = try demo.installMastodon(on: server)
            }
        } catch {
            Log.error("bench: could not start the demo server: \(error)")
            return 1
        }
        defer { server.stop() }

        let display: VirtualDisplay
        do {
            display = try VirtualDisplay.open(interrupt: interrupt)
        } catch {
            Log.error("bench: \(error)")
            return 1
        }
        defer { display.close() }
        if options.modes.contains(.hidden), let why = display.startWindowManager(interrupt: interrupt) {
            note("no window manager, so the hidden runs cannot minimise their window: \(why)")
        }
        let environment = appEnvironment(display: display, work: work)
        let machine = BenchMachine.describe(display: display.kind)

        note("measuring gst-launch-1.0 playbin on one clip for the CPU yardstick")
        let baseline = library.clips.first.flatMap { clip -> Double? in
            guard let uri = server.url(for: DemoFeedServer.mediaPath(of: clip.video)) else { return nil }
            return PlaybinBaseline.measure(uri: uri.absoluteString, durationSeconds: clip.duration, environment: environment)
        }
        if baseline == nil { note("no CPU yardstick: gst-launch-1.0 is missing or did not play the clip") }

        // The app runs are the flick next to this program; the GtkVideo
        // yardstick is this program's hidden command.
        let binary = ProgramFiles.beside("flick")
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            Log.error("bench: the app it runs is not next to it: \(binary) is missing")
            return 1
        }
        var launches: [LaunchBench.Result] = []
        if options.launch, let clip = library.clips.first {
            let folder = work.appendingPathComponent("launch-folder")
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let copy = folder.appendingPathComponent(clip.video.lastPathComponent)
            try? FileManager.default.removeItem(at: copy)
            try? FileManager.default.copyItem(at: clip.video, to: copy)
            note("launch: starting the app \(options.launches) times on a one-clip folder and on the demo, and mpv on the clip")
            launches = LaunchBench.measure(binary: binary, folder: folder, clip: copy, runs: options.launches,
                                           environment: environment, machine: machine, note: note)
            out(LaunchBench.table(launches) + "\n")
            if let path = options.jsonPath, !write([], launches: launches, to: path) { return 1 }
            if options.modes.isEmpty { return launches.allSatisfy { $0.launchMs != nil } ? 0 : 1 }
        }
        let yardsticks = measureYardsticks(binary: ProgramFiles.own.path, library: library, server: server, work: work,
                                           environment: environment, seconds: options.seconds)
        var results: [BenchResult] = []
        var failed = false
        out(BenchTable.header)
        for mode in options.modes {
            for run in [BenchResult.Temperature.cold, .warm] {
                for engine in options.engines where !interrupt.isInterrupted {
                    let cacheHome = work.appendingPathComponent("cache-\(engine.rawValue)")
                    if run == .cold {
                        try? FileManager.default.removeItem(at: cacheHome)
                    }
                    try? FileManager.default.createDirectory(at: cacheHome, withIntermediateDirectories: true)
                    let label = "\(mode.rawValue)-\(engine.rawValue)-\(run.rawValue)"
                    note("\(mode.rawValue), \(engine.rawValue), \(run.rawValue): running for \(options.seconds) s")
                    let before = mediaBytes(server)
                    let bench = BenchRun(binary: binary, feedAddress: feedAddress, mode: mode, engine: engine, seconds: options.seconds,
                                         cacheHome: cacheHome, workDirectory: work, environment: environment)
                    do {
                        let report = try bench.execute(label: label, interrupt: interrupt)
                        var result = BenchResult(report: report, run: run, network: mediaBytes(server) - before,
                                                 diskBytes: DiskUsage.bytes(under: cacheHome), machine: machine,
                                                 cpuBaseline: baseline, yardsticks: yardsticks)
                        result.source = options.source
                        results.append(result)
                        out(BenchTable.row(result))
                        if let path = options.jsonPath, !write(results, launches: launches, to: path) { failed = true }
                    } catch {
                        failed = true
                        if !interrupt.isInterrupted { Log.error("bench: \(label): \(error)") }
                    }
                }
            }
        }
        if let ratios = BenchTable.ratios(results) {
            out("\nFlick / naive:\n\n" + ratios)
        }
        let verdicts = BenchTargets.evaluate(results)
        if !verdicts.isEmpty {
            out("\nTargets (reported, not asserted):\n")
            for verdict in verdicts { out("- " + verdict.line) }
        }
        if let path = options.jsonPath, !write(results, launches: launches, to: path) { failed = true }
        return failed ? 1 : 0
    }

    // MARK: Internals

    /// Seconds each yardstick plays: enough for a steady figure, short
    /// beside the runs.
    static func yardstickSeconds(_ runSeconds: Int) -> Int { max(5, min(20, runSeconds)) }

    /// GtkVideo and mpv playing the first demo clip from the bench's server
    /// in a window of the bench window's size, one after the other.
    private static func measureYardsticks(binary: String, library: DemoMediaLibrary, server: MediaServer, work: URL,
                                          environment: [String: String], seconds: Int) -> BenchResult.Yardsticks {
        var yardsticks = BenchResult.Yardsticks()
        guard let clip = library.clips.first, let uri = server.url(for: DemoFeedServer.mediaPath(of: clip.video)) else {
            return yardsticks
        }
        let playSeconds = yardstickSeconds(seconds)
        note("measuring GTK's own GtkVideo on one clip for \(playSeconds) s")
        let request = GtkVideoYardstick.Request(uri: uri.absoluteString, width: FeedView.portraitWidth,
                                                height: FeedView.portraitHeight, seconds: playSeconds)
        if let gtkVideo = GtkVideoYardstick.measure(binary: binary, request: request, work: work,
                                                    environment: environment, note: note) {
            yardsticks.gtkVideoCPUPerPlayedSecond = gtkVideo.cpuPerPlayedSecond
            yardsticks.gtkVideoRSSMaxKB = gtkVideo.rssMaxKB
        }
        note("measuring mpv on one clip for \(playSeconds) s")
        if let mpv = MpvYardstick.measure(uri: uri.absoluteString, width: FeedView.portraitWidth,
                                          height: FeedView.portraitHeight, seconds: UInt32(playSeconds),
                                          environment: environment, note: note) {
            yardsticks.mpvCPUPerPlayedSecond = mpv.cpuPerPlayedSecond
            yardsticks.mpvRSSMaxKB = mpv.rssMaxKB
            note("measuring mpv switching between clips every 180 ms")
            let uris = library.clips.prefix(10).compactMap { server.url(for: DemoFeedServer.mediaPath(of: $0.video))?.absoluteString }
            if let switches = MpvSwitchTimes.measure(uris: uris, width: FeedView.portraitWidth, height: FeedView.portraitHeight,
                                                     work: work, environment: environment, note: note) {
                yardsticks.mpvSwitchP50 = switches.p50
                yardsticks.mpvSwitchP90 = switches.p90
            }
        }
        return yardsticks
    }

    /// The demo media, made on first use under the user's cache folder and
    /// reused by every later bench and by the app itself.
    private static func demoLibrary() -> DemoMediaLibrary? {
        let generator = DemoMediaGenerator(directory: DemoFeedLocation.mediaDirectory)
        if let library = generator.existingLibrary() { return library }
        do {
            try MediaRuntime.initialize()
            note("making the demo media (first run, a minute or two)")
            return try generator.generate { _, _ in }
        } catch {
            Log.error("bench: could not make the demo media: \(error)")
            return nil
        }
    }

    /// The app's environment: this one, the bench's display, in-memory
    /// settings (the user's are neither read nor changed), animations on.
    private static func appEnvironment(display: VirtualDisplay, work: URL) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for name in display.removed { environment[name] = nil }
        environment.merge(display.environment) { $1 }
        let config = work.appendingPathComponent("config")
        let gtk = config.appendingPathComponent("gtk-4.0")
        try? FileManager.default.createDirectory(at: gtk, withIntermediateDirectories: true)
        try? "[Settings]\ngtk-enable-animations=1\n".write(to: gtk.appendingPathComponent("settings.ini"), atomically: true, encoding: .utf8)
        environment["XDG_CONFIG_HOME"] = config.path
        environment["GSETTINGS_BACKEND"] = "memory"
        environment["NO_AT_BRIDGE"] = "1"
        environment["GTK_A11Y"] = "none"
        return environment
    }

    private static func mediaBytes(_ server: MediaServer) -> MediaBytes {
        MediaBytes(video: Int64(server.bytesSent { MediaBytes.kind(ofPath: $0) == .video }),
                   stream: Int64(server.bytesSent { MediaBytes.kind(ofPath: $0) == .stream }),
                   image: Int64(server.bytesSent { MediaBytes.kind(ofPath: $0) == .image }))
    }

    /// Writes the runs as a JSON array; false (with a message) when it cannot.
    /// The JSON list: one object per run, the launch targets' after them.
    private static func write(_ results: [BenchResult], launches: [LaunchBench.Result] = [], to path: String) -> Bool {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            let runs = try results.map { try JSONSerialization.jsonObject(with: encoder.encode($0)) }
            let starts = try launches.map { try JSONSerialization.jsonObject(with: encoder.encode($0)) }
            try JSONSerialization.data(withJSONObject: runs + starts, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
                .write(to: URL(fileURLWithPath: path), options: .atomic)
            return true
        } catch {
            Log.error("bench: could not write \(path): \(error)")
            return false
        }
    }

    /// A line on stdout, written at once (rows appear as runs end).
    private static func out(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    private static func note(_ message: String) {
        Log.info("bench: \(message)")
    }
}
