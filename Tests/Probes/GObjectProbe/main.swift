// Runs the GObject layer in a process where it owns the main thread, the
// way the app does, and prints what it saw as one JSON object. Used by
// FeedMediaTests; not installed.
import CGLib
import FeedGObject
import FeedMedia
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What the probe observed; keys are read by the tests.
struct Report: Codable {
    var mainActorTaskOnMainThread = false
    var dispatchMainOnMainThread = false
    var detachedTaskHopBackOnMainThread = false
    var idleSeconds = 0.0
    var idleCPUSeconds = 0.0
    var idleWakeUps = 0
}

func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
}

nonisolated(unsafe) var report = Report()
let mainThread = pthread_self()
let loop = g_main_loop_new(nil, 0)
let idleSeconds = Double(ProcessInfo.processInfo.environment["PROBE_IDLE_SECONDS"] ?? "") ?? 2.0

MainActor.assumeIsolated {
    MainThreadBridge.install()
}

/// Phase 2: sit idle and measure what the loop costs while nothing happens.
@MainActor func measureIdle() {
    let cpuStart = cpuSeconds()
    let wakeStart = MainThreadBridge.wakeUps
    let start = Date()
    MainLoopSource.after(milliseconds: UInt32(idleSeconds * 1000)) {
        report.idleSeconds = Date().timeIntervalSince(start)
        report.idleCPUSeconds = cpuSeconds() - cpuStart
        report.idleWakeUps = MainThreadBridge.wakeUps - wakeStart
        g_main_loop_quit(loop)
    }
}

// Phase 1: hop onto the main actor from a background thread three ways.
let worker = Thread {
    let group = DispatchGroup()
    group.enter()
    Task { @MainActor in
        report.mainActorTaskOnMainThread = pthread_equal(pthread_self(), mainThread) != 0
        group.leave()
    }
    group.enter()
    DispatchQueue.main.async {
        report.dispatchMainOnMainThread = pthread_equal(pthread_self(), mainThread) != 0
        group.leave()
    }
    group.enter()
    Task.detached {
        let value = await Task.detached { 21 * 2 }.value
        await MainActor.run {
            report.detachedTaskHopBackOnMainThread = value == 42 && pthread_equal(pthread_self(), mainThread) != 0
        }
        group.leave()
    }
    group.wait()
    DispatchQueue.main.async { MainActor.assumeIsolated { measureIdle() } }
}
worker.start()

// A watchdog so a broken bridge fails the test instead of hanging it.
MainActor.assumeIsolated {
    _ = MainLoopSource.after(milliseconds: UInt32((idleSeconds + 10) * 1000)) {
        FileHandle.standardError.write("probe: timed out waiting for the main actor\n".data(using: .utf8)!)
        g_main_loop_quit(loop)
    }
}
g_main_loop_run(loop)
let data = try JSONEncoder().encode(report)
print(String(decoding: data, as: UTF8.self))
