import FeedMedia
import FeedUI
import FlickTooling
import Foundation

/// One run of the real app for `flick bench`: `flick FEED --stress MODE
/// --stress-seconds N --stress-report FILE --engine E` in a window on the
/// bench's display, with a cache folder of its own, waited for and its
/// report read. Main thread.
struct BenchRun {
    /// The flick binary to run (this one).
    let binary: String
    /// What the app opens: the demo feed's URL, or a `peertube:`/`mastodon:` address.
    let feedAddress: String
    let mode: StressMode
    let engine: PlaybackEngine
    let seconds: Int
    /// XDG_CACHE_HOME of the run: the media cache and pictures live below it.
    let cacheHome: URL
    /// Where the report and the app's log go.
    let workDirectory: URL
    /// The app's environment.
    let environment: [String: String]

    enum Failure: Error, CustomStringConvertible {
        case couldNotStart(String)
        case timedOut(log: String)
        case noReport(status: Int32, log: String)

        var description: String {
            switch self {
            case .couldNotStart(let why): return "the app did not start: \(why)"
            case .timedOut(let log): return "the app did not finish in time (stopped); its last words: \(log)"
            case .noReport(let status, let log): return "the app exited with \(status) and no report; its last words: \(log)"
            }
        }
    }

    /// Seconds allowed beyond the run itself: start-up, the first page, quitting.
    static let graceSeconds = 180.0

    /// Runs the app to its end and returns what it measured.
    func execute(label: String, interrupt: BenchInterrupt) throws -> StressReport {
        let report = workDirectory.appendingPathComponent("\(label).json")
        let log = workDirectory.appendingPathComponent("\(label).log")
        try? FileManager.default.removeItem(at: report)
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        // For You opens the sources the settings list (written by runEnvironment), mixed the same way each run.
        let opened = mode.mixes ? ["foryou", "--mix-seed", "1"] : [feedAddress]
        process.arguments = opened + ["--stress", mode.rawValue, "--stress-seconds", "\(seconds)",
                                      "--stress-report", report.path, "--engine", engine.rawValue]
        process.environment = try runEnvironment()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let logHandle = try FileHandle(forWritingTo: log)
        defer { try? logHandle.close() }
        process.standardError = logHandle
        do { try process.run() } catch { throw Failure.couldNotStart("\(error)") }
        interrupt.track(process.processIdentifier)
        defer { interrupt.forget(process.processIdentifier) }
        guard ChildProcess.wait(for: process, timeout: Double(seconds) + Self.graceSeconds) else {
            ChildProcess.stop(process)
            throw Failure.timedOut(log: Self.tail(of: log))
        }
        do {
            return try StressReport.read(from: report.path)
        } catch {
            throw Failure.noReport(status: process.terminationStatus, log: Self.tail(of: log))
        }
    }

    /// The app's environment for one run: its cache folder, and for a mode
    /// that plays with the data saver on, or mixes For You, settings that
    /// say so (the data saver; For You's sources, the demo feed in three
    /// parts): a key file in the bench's config folder, written afresh for
    /// each such run (the other runs keep their settings in memory and
    /// never read it). For You's taste lives in the run's own data folder,
    /// so every run starts from nothing learned.
    private func runEnvironment() throws -> [String: String] {
        var result = environment.merging(["XDG_CACHE_HOME": cacheHome.path]) { $1 }
        guard mode.savesData || mode.mixes, let config = environment["XDG_CONFIG_HOME"] else { return result }
        let settings = URL(fileURLWithPath: config).appendingPathComponent("glib-2.0/settings")
        var keys = mode.savesData ? "data-saver=true\n" : ""
        if mode.mixes {
            let parts = StressMode.forYouSources(feed: feedAddress).enumerated().map { "('feed', 'Demo \($0.offset + 1)', '\($0.element)')" }
            keys += "sources=[\(parts.joined(separator: ", "))]\n"
            result["XDG_DATA_HOME"] = workDirectory.appendingPathComponent("data-\(UUID().uuidString)").path
        }
        do {
            try FileManager.default.createDirectory(at: settings, withIntermediateDirectories: true)
            try "[io/github/flick/Flick]\n\(keys)".write(to: settings.appendingPathComponent("keyfile"), atomically: true, encoding: .utf8)
        } catch {
            throw Failure.couldNotStart("the data saver's settings could not be written (\(error.localizedDescription))")
        }
        result["GSETTINGS_BACKEND"] = "keyfile"
        return result
    }

    /// The last lines of the app's log, on one line.
    static func tail(of log: URL, lines: Int = 3) -> String {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        let last = text.split(separator: "\n").suffix(lines).joined(separator: " / ")
        return last.isEmpty ? "(nothing on stderr)" : last
    }
}
