import CGLib
import FeedMedia
import Foundation

/// The `hidden` stress mode's clock: when the window was asked to hide,
/// when it went hidden and when the resting measure began, with the
/// process's CPU time at the two ends of each phase. GTK thread only;
/// owned by ``StressRecorder``. Times are monotonic µs.
struct HiddenPhase {
    /// The hide step: the end of the visible phase.
    private var asked: (time: Int, cpu: Double)?
    /// The window manager minimised the window.
    private var hiddenAt: Int?
    /// ``StressMode/hiddenSettleMilliseconds`` after `hiddenAt`: the start
    /// of the resting measure.
    private var settled: (time: Int, cpu: Double)?

    mutating func hideAsked(cpu: Double) {
        guard asked == nil else { return }
        asked = (Int(g_get_monotonic_time()), cpu)
    }

    mutating func windowHidden() {
        if hiddenAt == nil { hiddenAt = Int(g_get_monotonic_time()) }
    }

    mutating func settle(cpu: Double) {
        guard hiddenAt != nil, settled == nil else { return }
        settled = (Int(g_get_monotonic_time()), cpu)
    }

    /// The phase as the report gives it, at the end of a run that began at
    /// `begin` (µs, CPU seconds) and ends at `end`; `players` are alive now.
    func report(begin: (time: Int, cpu: Double), end: (time: Int, cpu: Double), players: Int) -> StressReport.Hidden {
        func share(_ from: (time: Int, cpu: Double), _ to: (time: Int, cpu: Double)) -> Double? {
            let seconds = Double(to.time - from.time) / 1e6
            return seconds > 0.5 ? max(0, to.cpu - from.cpu) / seconds : nil
        }
        return StressReport.Hidden(
            windowHidden: hiddenAt != nil,
            hiddenAfterMilliseconds: zip(asked, hiddenAt).map { Double($1 - $0.time) / 1000 },
            visibleCPUShare: asked.flatMap { share(begin, $0) },
            restingSeconds: settled.map { Double(end.time - $0.time) / 1e6 },
            restingCPUShare: settled.flatMap { share($0, end) },
            playersAtEnd: players)
    }
}

/// Both values, or nil.
private func zip<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
    guard let a, let b else { return nil }
    return (a, b)
}
