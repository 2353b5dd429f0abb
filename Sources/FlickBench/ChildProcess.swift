import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Small helpers for the processes `flick bench` starts: find a program on
/// PATH, run one to the end, and the CPU time of children that have ended.
/// Called from the bench's main thread.
enum ChildProcess {
    /// The full path of `name` on PATH, or nil.
    static func find(_ name: String, path: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
        for directory in (path ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// User plus system CPU seconds of every child process that has ended
    /// and been waited for (RUSAGE_CHILDREN).
    static var endedChildrenCPUSeconds: Double {
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// Runs `executable` with `arguments` to the end, its output discarded,
    /// killing it after `timeout` seconds. Returns its exit status and the
    /// CPU seconds it used, or nil when it could not start or was killed.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String],
                    timeout: TimeInterval) -> (status: Int32, cpuSeconds: Double)? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let before = endedChildrenCPUSeconds
        do { try process.run() } catch { return nil }
        guard wait(for: process, timeout: timeout) else {
            stop(process)
            return nil
        }
        return (process.terminationStatus, endedChildrenCPUSeconds - before)
    }

    /// Waits for `process` to end; false when `timeout` seconds pass first.
    static func wait(for process: Process, timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() >= deadline { return false }
            usleep(20_000)
        }
        return true
    }

    /// SIGTERM, then SIGKILL after 5 s; waits until it has ended.
    static func stop(_ process: Process) {
        guard process.isRunning else { return }
        process.terminate()
        if !wait(for: process, timeout: 5) {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}
