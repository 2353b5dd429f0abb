import CGLib
#if canImport(Glibc)
import Glibc
#endif

// libdispatch's hooks for a foreign run loop (CoreFoundation uses the same):
// on Linux the main queue's handle is an eventfd that dispatch writes to
// whenever the main queue has work.
@_silgen_name("_dispatch_get_main_queue_handle_4CF")
private func dispatchMainQueueHandle() -> Int32

@_silgen_name("_dispatch_main_queue_callback_4CF")
private func dispatchMainQueueCallback(_ message: UnsafeMutableRawPointer?)

/// Runs `DispatchQueue.main`, and with it the main actor and every
/// `@MainActor` task, on the GLib main loop of the main thread.
///
/// A GLib main loop does not drain the main dispatch queue by itself. The
/// bridge watches dispatch's eventfd with `g_unix_fd_add`, reads it (so the
/// watch sleeps until the next wake-up instead of firing continuously) and
/// drains the queue. No polling: an idle app sleeps in `poll()`.
public enum MainThreadBridge {
    /// Installs the bridge on the default main context. Call once, on the
    /// main thread, before running the main loop. Idempotent.
    @MainActor
    public static func install() {
        guard sourceID == 0 else { return }
        let fd = dispatchMainQueueHandle()
        sourceID = g_unix_fd_add_full(G_PRIORITY_DEFAULT, fd, G_IO_IN, drainMainQueue, nil, nil)
    }

    /// Whether `install()` has run.
    @MainActor
    public static var isInstalled: Bool { sourceID != 0 }

    /// How many times the bridge has woken the main loop: a diagnostic that
    /// shows it sleeps while nothing is queued.
    public static var wakeUps: Int { wakeUpCount.load() }

    @MainActor private static var sourceID: guint = 0
}

private let wakeUpCount = AtomicCounter()

/// The fd watch: consume the eventfd's count first, then run what is queued.
private let drainMainQueue: GUnixFDSourceFunc = { fd, _, _ in
    var counter: UInt64 = 0
    _ = withUnsafeMutableBytes(of: &counter) { read(fd, $0.baseAddress, 8) }
    wakeUpCount.add(1)
    dispatchMainQueueCallback(nil)
    return 1 // G_SOURCE_CONTINUE
}
