import CGLib
import Foundation
import Synchronization

/// A debug check for the rule that the GTK thread never waits: with
/// `FLICK_DEBUG_STALLS` set (to a threshold in ms, 50 when empty or not a
/// number), every turn of the default main loop that dispatched for longer
/// than that is logged to stderr with the labelled work that ran in it,
/// longest first:
///
///     flick: stall: 84 ms on the GTK thread: player load 61 ms, session update 12 ms
///
/// It wraps the main context's poll function, so a turn is measured from
/// one poll's return to the next poll's start (the time the loop spent
/// dispatching, never the time it slept). Work is labelled with
/// ``running(_:_:)`` (a label's time includes the labelled work nested in
/// it); what GTK itself does in a turn (drawing a frame) has no label, so a
/// stall of GTK's own names none. GTK thread only; off, it costs one branch
/// per labelled call.
public enum StallWatch {
    /// Installs the check when the environment asks for it. Call once, on
    /// the GTK thread, before the main loop runs. Returns whether it is on.
    @MainActor @discardableResult
    public static func installIfAsked() -> Bool {
        guard !isOn, let value = ProcessInfo.processInfo.environment["FLICK_DEBUG_STALLS"] else { return isOn }
        let previous = g_main_context_get_poll_func(nil)
        turns.withLock {
            $0.thresholdMicroseconds = max(1, Int(value) ?? 50) * 1000
            $0.previousPoll = previous
        }
        enabled.store(true, ordering: .relaxed)
        g_main_context_set_poll_func(nil, { fds, count, timeout in
            StallWatch.turnEnded()
            let result = if let previous = StallWatch.turns.withLock({ $0.previousPoll }) {
                previous(fds, count, timeout)
            } else {
                g_poll(fds, count, timeout)
            }
            StallWatch.turnStarted()
            return result
        })
        turnStarted()
        return true
    }

    /// Runs `body`, timing it under `label` when the check is on.
    @inline(__always)
    public static func running<T>(_ label: StaticString, _ body: () throws -> T) rethrows -> T {
        guard isOn else { return try body() }
        let start = g_get_monotonic_time()
        defer { record(label, g_get_monotonic_time() - start) }
        return try body()
    }

    // MARK: Internals (the GTK thread's: the poll function runs there)

    /// Whether the check is on; read on every labelled call.
    private static let enabled = Atomic<Bool>(false)
    private static var isOn: Bool { enabled.load(ordering: .relaxed) }

    /// One turn of the loop as measured so far.
    private struct Turns {
        var thresholdMicroseconds = 50_000
        var previousPoll: GPollFunc?
        var turnStart = 0
        /// Labelled work of this turn: label → microseconds.
        var sections: [String: Int] = [:]
    }

    private static let turns = Mutex(Turns())

    private static func turnStarted() {
        turns.withLock {
            $0.turnStart = g_get_monotonic_time()
            $0.sections.removeAll(keepingCapacity: true)
        }
    }

    private static func turnEnded() {
        let (took, threshold, sections) = turns.withLock { (g_get_monotonic_time() - $0.turnStart, $0.thresholdMicroseconds, $0.sections) }
        guard took > threshold else { return }
        let work = sections.sorted { $0.value > $1.value }.prefix(4)
            .map { "\($0.key) \($0.value / 1000) ms" }.joined(separator: ", ")
        let line = "flick: stall: \(took / 1000) ms on the GTK thread" + (work.isEmpty ? "" : ": \(work)") + "\n"
        FileHandle.standardError.write(Data(line.utf8))
    }

    private static func record(_ label: StaticString, _ microseconds: Int) {
        turns.withLock { $0.sections["\(label)", default: 0] += microseconds }
    }
}
