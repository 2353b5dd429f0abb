import FlickTooling
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The second yardstick of `flick bench`: `mpv --vo=x11 --hwdec=no
/// --ao=null` looping one demo clip from the bench's server, in a window of
/// the bench window's size on the bench's display, when mpv is installed
/// (`meson-helpers/setup-debian.sh --bench-tools`). Its CPU time is read
/// from /proc over a window of steady playback after its start-up, and its
/// peak memory (VmHWM) at the end. Main thread; blocks while mpv plays.
enum MpvYardstick {
    struct Measurement: Equatable, Sendable {
        /// CPU seconds per second of steady playback.
        var cpuPerPlayedSecond: Double
        /// Peak resident memory, in kB.
        var rssMaxKB: Int
    }

    /// Seconds left to mpv's start-up (its window, the first frames)
    /// before its CPU time is counted.
    static let settleSeconds: UInt32 = 3

    /// Starts `mpv` as every yardstick runs it (software decoding, X11
    /// output, no sound, no user config, the bench window's size) with
    /// `arguments` after those, its output discarded.
    static func launch(_ mpv: String, _ arguments: [String], width: Int32, height: Int32,
                       environment: [String: String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: mpv)
        process.arguments = ["--no-config", "--vo=x11", "--hwdec=no", "--ao=null", "--geometry=\(width)x\(height)",
                             "--really-quiet"] + arguments
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Plays `uri` for `seconds` after settling; nil (with a note saying why)
    /// when mpv is missing or did not keep playing.
    static func measure(uri: String, width: Int32, height: Int32, seconds: UInt32, environment: [String: String],
                        note: (String) -> Void) -> Measurement? {
        guard let mpv = ChildProcess.find("mpv", path: environment["PATH"]) else {
            note("no mpv yardstick: mpv is not installed (meson-helpers/setup-debian.sh --bench-tools installs it)")
            return nil
        }
        let process: Process
        do {
            process = try launch(mpv, ["--loop-file=inf", uri], width: width, height: height, environment: environment)
        } catch {
            note("no mpv yardstick: mpv did not start: \(error)")
            return nil
        }
        defer { ChildProcess.stop(process) }
        let pid = "\(process.processIdentifier)"
        sleep(settleSeconds)
        guard process.isRunning, let start = ProcessSample.read(pid: pid) else {
            note("no mpv yardstick: mpv ended during its start-up (exit \(process.isRunning ? 0 : process.terminationStatus))")
            return nil
        }
        sleep(seconds)
        guard process.isRunning, let end = ProcessSample.read(pid: pid) else {
            note("no mpv yardstick: mpv ended before \(seconds) s of playback")
            return nil
        }
        return Measurement(cpuPerPlayedSecond: (end.cpuSeconds - start.cpuSeconds) / Double(seconds),
                           rssMaxKB: end.peakRSSKB)
    }
}
