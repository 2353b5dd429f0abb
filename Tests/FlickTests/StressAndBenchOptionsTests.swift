import FeedMedia
import FeedUI
import Foundation
import Testing
@testable import Flick
@testable import FlickBench
import FlickTooling

@Suite("Parsing the stress and bench options")
struct StressAndBenchOptionsTests {
    @Test("--stress, --stress-seconds, --stress-report and --engine")
    func stress() throws {
        let options = try CommandLineOptions.parse(["--stress", "burst", "--stress-seconds", "30",
                                                    "--stress-report", "/tmp/report.json", "--engine", "naive"])
        #expect(options.command == .run(.demo))
        #expect(options.stress == .burst)
        #expect(options.stressSeconds == 30)
        #expect(options.stressReport == "/tmp/report.json")
        #expect(options.engine == .naive)
        #expect(try CommandLineOptions.parse([]).engine == .flick)
        #expect(try CommandLineOptions.parse([]).stress == nil)
    }

    @Test("bench defaults: slow for 60 s at 20 Mbit/s and 20 ms, Flick only, no JSON")
    func benchDefaults() throws {
        // `flick bench` passes its words on to flick-bench unread.
        #expect(try CommandLineOptions.parse(["bench", "--seconds", "5"]).command == .bench(["--seconds", "5"]))
        #expect(try BenchOptions.parse([]) == BenchOptions())
        let bench = BenchOptions()
        #expect(bench.modes == [.slow])
        #expect(bench.seconds == 60)
        #expect(bench.bandwidthBitsPerSecond == 20_000_000)
        #expect(bench.latencyMilliseconds == 20)
        #expect(bench.engines == [.flick])
        #expect(bench.jsonPath == nil)
    }

    @Test("bench options")
    func benchOptions() throws {
        let options = try BenchOptions.parse(["--mode", "fast,remount", "--seconds", "10", "--bandwidth", "5M",
                                              "--latency", "50", "--compare", "--json", "/tmp/b.json"])
        #expect(options.modes == [.fast, .remount])
        #expect(options.seconds == 10)
        #expect(options.bandwidthBitsPerSecond == 5_000_000)
        #expect(options.latencyMilliseconds == 50)
        #expect(options.engines == [.flick, .naive])
        #expect(options.jsonPath == "/tmp/b.json")
        #expect(try BenchOptions.parse(["--mode", "all"]).modes == StressMode.allCases)
        #expect(try BenchOptions.parse(["--mode", "all"]).launch)
        let launch = try BenchOptions.parse(["--mode", "launch", "--launches", "3"])
        #expect(launch.launch && launch.modes.isEmpty && launch.launches == 3)
        #expect(try BenchOptions.parse(["--mode", "slow,launch"]).modes == [.slow])
        #expect(try !BenchOptions.parse(["--mode", "slow"]).launch && BenchOptions().launches == 5)
        #expect(throws: BenchOptions.ParseError(description: "--launches takes a count from 1 to 50, not ‘0’")) {
            try BenchOptions.parse(["--launches", "0"])
        }
        #expect(try BenchOptions.parse(["--bandwidth", "none"]).bandwidthBitsPerSecond == nil)
        #expect(try BenchOptions.parse(["--engine", "naive"]).engines == [.naive])
        #expect(options.source == .flick)
        #expect(try BenchOptions.parse(["--source", "peertube"]).source == .peertube)
        #expect(try BenchOptions.parse(["--source", "mastodon"]).source == .mastodon)
        #expect(throws: BenchOptions.ParseError(description: "--source takes flick, peertube or mastodon, not ‘rss’")) {
            try BenchOptions.parse(["--source", "rss"])
        }
    }

    @Test("every mistake gets a one-line message that names what is wrong", arguments: [
        (["--stress", "medium"], "--stress takes slow, fast, burst, remount, steady, hidden, hls, saver or foryou, not ‘medium’"),
        (["--stress"], "Missing argument for --stress"),
        (["--stress-seconds", "0", "--stress", "slow"], "--stress-seconds takes whole seconds"),
        (["--stress-report", "/tmp/x.json"], "go with --stress MODE"),
        (["--engine", "fast"], "--engine takes ‘flick’ or ‘naive’, not ‘fast’"),
        (["bench", "--mode", "nope"], "--mode takes slow, fast, burst, remount, steady, hidden, hls, saver or foryou"),
        (["bench", "--mode", "slow,nope"], "not ‘slow,nope’"),
        (["bench", "--seconds", "0"], "--seconds takes whole seconds from 1 to 3600, not ‘0’"),
        (["bench", "--seconds", "soon"], "not ‘soon’"),
        (["bench", "--seconds"], "Missing argument for --seconds"),
        (["bench", "--bandwidth", "fast"], "--bandwidth takes bits per second"),
        (["bench", "--latency", "-5"], "--latency takes milliseconds"),
        (["bench", "--engine", "both"], "--engine takes ‘flick’ or ‘naive’"),
        (["bench", "--compare", "--engine", "naive"], "--compare runs both engines"),
        (["bench", "slow"], "flick bench does not take ‘slow’"),
    ])
    func mistakes(arguments: [String], message: String) {
        #expect {
            // The bench's words are flick-bench's to read.
            if arguments.first == "bench" {
                _ = try BenchOptions.parse(Array(arguments.dropFirst()))
            } else {
                _ = try CommandLineOptions.parse(arguments)
            }
        } throws: { error in
            guard let description = (error as? CommandLineOptions.ParseError)?.description else { return false }
            return description.contains(message) && !description.contains("\n")
        }
    }

    @Test("the help texts are GLib's, written from the option tables: every option with its value")
    func usage() {
        let app = CommandLineOptions.help
        for flag in ["Usage:", "flick [OPTION…] [FOLDER | PLAYLIST | URL | SERVICE…]", "flick bench", "--stress=MODE", "--stress-seconds=N",
                     "--stress-report=FILE", "--engine=flick|naive", "-h, --help", "Keys:"] {
            #expect(app.contains(flag), "\(flag)")
        }
        for option in CommandLineOptions.table {
            #expect(app.contains("--\(option.long)" + (option.value.map { "=\($0)" } ?? "")), "\(option.long)")
        }
        let bench = BenchOptions.help
        #expect(bench.contains("flick bench [OPTION…]"))
        for option in BenchOptions.table {
            #expect(bench.contains("--\(option.long)" + (option.value.map { "=\($0)" } ?? "")), "\(option.long)")
        }
    }

    @Test("the options flick and flick bench share are one definition: same names, values and refusals")
    func sharedOptions() throws {
        for flag in ["--bandwidth", "--latency", "--engine"] {
            let app = try #require(CommandLineOptions.table.first { "--\($0.long)" == flag })
            let bench = try #require(BenchOptions.table.first { "--\($0.long)" == flag })
            #expect(app.value == bench.value)
        }
        for (flag, bad) in [("--bandwidth", "fast"), ("--latency", "-3"), ("--engine", "both")] {
            func refusal(_ arguments: [String]) -> String? {
                do { _ = try CommandLineOptions.parse(arguments); return nil } catch { return error.description }
            }
            func benchRefusal(_ arguments: [String]) -> String? {
                do { _ = try BenchOptions.parse(arguments); return nil } catch { return error.description }
            }
            let app = try #require(refusal([flag, bad]))
            let bench = try #require(benchRefusal([flag, bad]))
            #expect(app.hasPrefix("\(flag) takes") && bench.hasPrefix("\(flag) takes"), "\(app) / \(bench)")
        }
        #expect(try CommandLineOptions.parse(["--latency=35"]).latencyMilliseconds == 35, "GLib's --name=value form")
    }

    @Test("rates too large or not numbers are refused, never trapped on", arguments: ["1e30M", "inf", "nanM", "-5M", "0"])
    func hostileRates(text: String) {
        #expect(throws: CommandLineOptions.ParseError.self) { try CommandLineOptions.parse(["--bandwidth", text]) }
        #expect(throws: OptionParseError.self) { try BenchOptions.parse(["--bandwidth", text]) }
    }
}

@Suite("Stress schedules")
struct StressModeTests {
    @Test("slow and fast go to the next post, every 3 s and every 350 ms")
    func paging() {
        #expect(StressMode.slow.intervalMilliseconds == 3_000)
        #expect(StressMode.fast.intervalMilliseconds == 350)
        for step in [0, 1, 500] {
            #expect(StressMode.slow.step(step) == .next)
            #expect(StressMode.fast.step(step) == .next)
        }
    }

    @Test("burst jumps every 180 ms through its list and starts it again")
    func burst() {
        #expect((0..<3).allSatisfy { StressMode.steady.step($0) == .done }, "steady pages nothing")
        #expect(StressMode.burst.intervalMilliseconds == 180)
        let jumps = (0..<28).map { StressMode.burst.step($0) }
        let expected = [0, 1, 2, 3, 4, 10, 20, 21, 5, 100, 500, 499, 1000, 3].map(StressMode.Step.jump)
        #expect(jumps == expected + expected)
    }

    @Test("remount rebuilds the feed every 250 ms, 50 times, then stops")
    func remount() {
        #expect(StressMode.remount.intervalMilliseconds == 250)
        #expect((0..<50).allSatisfy { StressMode.remount.step($0) == .remount })
        #expect(StressMode.remount.step(50) == .done)
        #expect(StressMode.remount.step(-1) == .done)
    }

    @Test("hidden minimises the window once, after 5 s on screen, and measures from 2 s after it hid")
    func hidden() {
        #expect(StressMode.hidden.intervalMilliseconds == 5_000)
        #expect(StressMode.hidden.step(0) == .hide)
        #expect((1..<4).allSatisfy { StressMode.hidden.step($0) == .done })
        #expect(StressMode.hiddenSettleMilliseconds == 2_000)
    }

    @Test("the stress feed's pages are large enough for burst's farthest jump to land on a loaded post")
    func feedPages() {
        #expect(StressMode.feedPageSize >= StressMode.burstJumps.filter { $0 < 1_000 }.max()! + 1)
        #expect(StressMode.feedPageSize <= 1_000) // the most a feed page may hold
    }
}
