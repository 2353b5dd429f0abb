import CGLib
import FeedGObject
import FeedMedia
import Foundation
import Testing

/// Counts calls and tells when it is freed, to see what GLib still holds.
private final class Tracker {
    var calls = 0
}

/// A GObject whose signal can be emitted on demand: GCancellable's "cancelled".
@MainActor
private func makeCancellable() -> UnsafeMutablePointer<GCancellable> {
    g_cancellable_new()!
}

@MainActor
private func object(_ cancellable: UnsafeMutablePointer<GCancellable>) -> UnsafeMutablePointer<GObject> {
    gcast(cancellable)!
}

@Suite("The GObject layer")
@MainActor
struct GObjectLayerTests {
    @Test("a connected closure is released when its object is finalized")
    func closureReleasedWithObject() {
        let cancellable = makeCancellable()
        weak var weakTracker: Tracker?
        var connection: SignalConnection?
        do {
            let tracker = Tracker()
            weakTracker = tracker
            connection = Signals.connect(cancellable, "cancelled") { tracker.calls += 1 }
        }
        #expect(connection != nil)
        #expect(weakTracker != nil, "the closure must be alive while the object is")
        g_cancellable_cancel(cancellable)
        #expect(weakTracker?.calls == 1)
        g_object_unref(object(cancellable))
        #expect(weakTracker == nil, "finalizing the object must release the closure")
        // The Swift owner outlives the object: disconnecting must be a no-op.
        #expect(connection?.isConnected == false)
        connection?.disconnect()
        connection = nil
    }

    @Test("disconnecting in deinit leaves no handler and releases the closure")
    func deinitDisconnects() {
        let cancellable = makeCancellable()
        defer { g_object_unref(object(cancellable)) }
        let signalID = g_signal_lookup("cancelled", g_cancellable_get_type())
        weak var weakTracker: Tracker?
        do {
            let tracker = Tracker()
            weakTracker = tracker
            let connection = Signals.connect(cancellable, "cancelled") { tracker.calls += 1 }
            #expect(connection?.isConnected == true)
            #expect(g_signal_has_handler_pending(object(cancellable), signalID, 0, 0) != 0)
            _ = connection
        }
        #expect(g_signal_has_handler_pending(object(cancellable), signalID, 0, 0) == 0)
        #expect(weakTracker == nil)
        g_cancellable_cancel(cancellable) // must not call a freed closure
    }

    @Test("an unknown signal gives no connection and does not leak the closure")
    func unknownSignal() {
        let cancellable = makeCancellable()
        defer { g_object_unref(object(cancellable)) }
        weak var weakTracker: Tracker?
        var connection: SignalConnection?
        do {
            let tracker = Tracker()
            weakTracker = tracker
            // GLib logs a warning for the unknown name (not fatal unless G_DEBUG says so).
            connection = Signals.connect(cancellable, "no-such-signal") { tracker.calls += 1 }
        }
        #expect(connection == nil)
        #expect(weakTracker == nil)
    }

    @Test("an owned reference unrefs its object on deinit")
    func ownedReference() {
        let raw = UnsafeMutableRawPointer(makeCancellable())
        let probe: UnsafeMutablePointer<GObject> = gcast(g_object_ref(gcast(raw)!))! // ours, to watch the count
        do {
            let owned = GObjectRef(owning: raw)
            #expect(owned != nil)
            #expect(refCount(probe) == 2)
        }
        #expect(refCount(probe) == 1)
        do {
            let retained = GObjectRef(retaining: probe)
            #expect(refCount(probe) == 2)
            _ = retained
        }
        #expect(refCount(probe) == 1)
        g_object_unref(probe)
    }

    @Test("idle and timeout sources run, stop and release their closures")
    func sources() {
        var runs = 0
        weak var weakTracker: Tracker?
        var cancelled: MainLoopSource?
        do {
            let tracker = Tracker()
            weakTracker = tracker
            MainLoopSource.idle { runs += 1; tracker.calls += 1; return runs < 3 }
            cancelled = MainLoopSource.timeout(milliseconds: 1) { Issue.record("a cancelled source ran"); return false }
        }
        cancelled?.cancel()
        #expect(cancelled?.isActive == false)
        cancelled?.cancel() // idempotent, no GLib warning
        let deadline = Date().addingTimeInterval(5)
        while runs < 3, Date() < deadline {
            g_main_context_iteration(nil, 0)
        }
        while g_main_context_iteration(nil, 0) != 0 {}
        #expect(runs == 3, "an idle that returns true runs again, false stops it")
        #expect(weakTracker == nil, "a finished source releases its closure")
    }

    @Test("Swift concurrency runs on the GLib main loop's thread, and an idle loop sleeps")
    nonisolated func mainThreadBridge() throws {
        let report = try runProbe()
        #expect(report["mainActorTaskOnMainThread"] as? Bool == true)
        #expect(report["dispatchMainOnMainThread"] as? Bool == true)
        #expect(report["detachedTaskHopBackOnMainThread"] as? Bool == true)
        let idle = try #require(report["idleSeconds"] as? Double)
        let cpu = try #require(report["idleCPUSeconds"] as? Double)
        #expect(idle >= 1.9)
        #expect(cpu / idle < 0.01, "idle main loop used \(cpu) s of CPU in \(idle) s")
        #expect(report["idleWakeUps"] as? Int == 0, "the bridge must not wake while nothing is queued")
    }
}

private func refCount(_ object: UnsafeMutablePointer<GObject>) -> UInt32 {
    object.pointee.ref_count
}

/// Runs the GObjectProbe executable built beside the tests and decodes its report.
private func runProbe() throws -> [String: Any] {
    let probe = builtProductsDirectory().appendingPathComponent("GObjectProbe")
    let process = Process()
    process.executableURL = probe
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let object = try JSONSerialization.jsonObject(with: data)
    return try #require(object as? [String: Any])
}

/// The folder SwiftPM builds products into: the test bundle's own folder.
func builtProductsDirectory() -> URL {
    let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    return exe.deletingLastPathComponent()
}
