import FlickTooling
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `flick bench --mode launch`: the real app started `runs` times on a
/// folder of one clip, on the same folder as a first launch (an empty
/// cache folder each time: a new user's, or a cleared cache) and on the
/// demo feed with its media present (the `--local-demo` feed, no
/// server), each timed from exec to the first
/// `--report-state` line whose current page shows its frame; and mpv's
/// start on the same clip, timed from exec to its `--term-playing-msg`
/// line (printed once playback has started, after the first frame is
/// out), as the yardstick. Main thread; blocks while the runs go.
enum LaunchBench {
    /// One target's times, in ms.
    struct Result: Encodable, Equatable {
        var mode = "launch"
        /// `folder` (one clip), `first` (the folder with an empty cache
        /// folder) or `demo`.
        var target: String
        var runs: Int
        var launchMs: Double?
        var launchWorstMs: Double?
        var mpvLaunchMs: Double?
        /// The `first` row's median again, under a key of its own (null on the others).
        var launchFirstMs: Double?
        var machine: String

        enum CodingKeys: String, CodingKey {
            case mode, target, runs, machine
            case launchMs = "launch_ms", launchWorstMs = "launch_worst_ms", mpvLaunchMs = "mpv_launch_ms"
            case launchFirstMs = "launch_first_ms"
        }

        /// Every key is written, a time not measured as null (the keys are stable).
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(mode, forKey: .mode)
            try container.encode(target, forKey: .target)
            try container.encode(runs, forKey: .runs)
            try container.encode(machine, forKey: .machine)
            try container.encode(launchMs.map { ($0 * 10).rounded() / 10 }, forKey: .launchMs)
            try container.encode(launchWorstMs.map { ($0 * 10).rounded() / 10 }, forKey: .launchWorstMs)
            try container.encode(mpvLaunchMs.map { ($0 * 10).rounded() / 10 }, forKey: .mpvLaunchMs)
            try container.encode(launchFirstMs.map { ($0 * 10).rounded() / 10 }, forKey: .launchFirstMs)
        }
    }

    /// The longest a launch may take before it counts as failed, in seconds.
    static let deadlineSeconds = 30.0

    /// Times the app on `folder` and on the demo, and mpv on `clip`.
    static func measure(binary: String, folder: URL, clip: URL, runs: Int, environment: [String: String],
                        machine: String, note: (String) -> Void) -> [Result] {
        var mpv: [Double] = []
        if let player = ChildProcess.find("mpv", path: environment["PATH"]) {
            for _ in 0..<runs {
                if let ms = time(player, ["--no-config", "--vo=x11", "--hwdec=no", "--ao=null", "--term-playing-msg=FLICK-PLAYING",
                                          "--length=2", clip.path], environment: environment, mergeErrors: true,
                                   done: { $0.contains("FLICK-PLAYING") }) {
                    mpv.append(ms)
                }
            }
        } else {
            note("no mpv launch yardstick: mpv is not installed (meson-helpers/setup-debian.sh --bench-tools installs it)")
        }
        var results: [Result] = []
        for (target, arguments) in [("folder", [folder.path]), ("first", [folder.path]), ("demo", ["--local-demo"])] {
            var times: [Double] = []
            for _ in 0..<runs {
                // A first launch: a cache folder of its own, empty, gone after.
                let empty = target == "first" ? FileManager.default.temporaryDirectory
                    .appendingPathComponent("flick-first-launch-\(UUID().uuidString)") : nil
                defer { if let empty { try? FileManager.default.removeItem(at: empty) } }
                let launchEnvironment = empty.map { environment.merging(["XDG_CACHE_HOME": $0.path]) { $1 } } ?? environment
                let ms = time(binary, ["--standalone", "--report-state"] + arguments, environment: launchEnvironment) { line in
                    line.contains("\"current_ready\":true") && line.contains("\"phase\":\"feed\"")
                }
                if let ms { times.append(ms) } else { note("launch, \(target): no frame within \(Int(deadlineSeconds)) s") }
            }
            results.append(Result(target: target, runs: times.count, launchMs: median(times), launchWorstMs: times.max(),
                                  mpvLaunchMs: target == "demo" ? nil : median(mpv),
                                  launchFirstMs: target == "first" ? median(times) : nil, machine: machine))
        }
        return results
    }

    /// Starts `program` and returns the ms from exec to the first line of
    /// its standard output that `done` accepts; nil when none came in time.
    /// The program is ended right after.
    /// - Parameter mergeErrors: read standard error too (mpv writes its
    ///   terminal messages there or to standard output, by version).
    static func time(_ program: String, _ arguments: [String], environment: [String: String], mergeErrors: Bool = false,
                     done: @escaping (String) -> Bool) -> Double? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        let out = Pipe()
        process.standardOutput = out
        process.standardError = mergeErrors ? out : FileHandle.nullDevice
        let start = DispatchTime.now()
        do { try process.run() } catch { return nil }
        defer { ChildProcess.stop(process) }
        let reader = out.fileHandleForReading
        var pending = Data()
        let deadline = Date().addingTimeInterval(deadlineSeconds)
        while Date() < deadline {
            let chunk = reader.availableData // blocks until output or end
            if chunk.isEmpty { return nil }
            pending.append(chunk)
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                pending.removeSubrange(pending.startIndex...newline)
                if done(line) {
                    return Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000
                }
            }
        }
        return nil
    }

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// The markdown lines for `results`.
    static func table(_ results: [Result]) -> String {
        var lines = ["| machine | launch | runs | median ms | worst ms | mpv median ms |", "|---|---|---|---|---|---|"]
        // `first` is the folder with an empty cache folder.
        for result in results {
            func ms(_ value: Double?) -> String { value.map { String(format: "%.0f", $0) } ?? "—" }
            lines.append("| \(result.machine) | \(result.target) | \(result.runs) | \(ms(result.launchMs)) | \(ms(result.launchWorstMs)) | \(ms(result.mpvLaunchMs)) |")
        }
        return lines.joined(separator: "\n")
    }
}
