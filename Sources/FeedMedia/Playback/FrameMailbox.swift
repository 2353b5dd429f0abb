import CGLib
import CGStreamer
import FeedGObject
import Foundation

/// A weak link from C callbacks to their player. Written on the GTK thread;
/// `player` is only read on the GTK thread.
/// `@unchecked Sendable`: `player` is written and read on the GTK thread only; other threads only pass it on.
final class WeakPlayer: @unchecked Sendable {
    weak var player: VideoPlayer?
}

/// Hands frames from appsink's streaming threads to the GTK thread, coalesced.
///
/// One pending slot, guarded by `lock`: a newer frame replaces an older one
/// that the GTK thread has not taken yet, and a main-context hop is scheduled
/// only when the slot goes from empty to full. Frames are stamped with the
/// generation accepted at the time they are pulled and dropped at once when
/// it is 0 (no binding). Shared by the streaming threads (``post(_:)``,
/// ``acceptedGeneration``) and the GTK thread (``accept(_:)``, ``take()``).
/// `@unchecked Sendable`: every field is read and written under `lock` only.
final class FrameMailbox: @unchecked Sendable {
    /// Guards every field below.
    private let lock = NSLock()
    /// The binding whose frames are wanted; 0 for none. Written by the GTK thread.
    private var generation: UInt64 = 0
    /// The newest frame not yet taken by the GTK thread.
    private var pending: VideoFrame?
    /// Whether a hop to the GTK thread is queued and will empty the slot.
    private var hopQueued = false
    /// Who takes the frames; only dereferenced on the GTK thread.
    private let owner: WeakPlayer

    /// Frames replaced in the slot before the GTK thread took them (any thread).
    let coalesced = AtomicCounter()

    init(owner: WeakPlayer) {
        self.owner = owner
    }

    /// GTK thread: from now on only frames of `generation` are kept (0: none);
    /// a pending frame of another binding is dropped.
    func accept(_ generation: UInt64) {
        let dropped: VideoFrame?
        lock.lock()
        self.generation = generation
        dropped = pending
        pending = nil
        lock.unlock()
        _ = dropped // released outside the lock: unmapping may take a while
    }

    /// Streaming thread: the generation to stamp a frame pulled now with.
    var acceptedGeneration: UInt64 {
        lock.lock(); defer { lock.unlock() }
        return generation
    }

    /// Streaming thread: offers a frame; schedules one hop if none is queued.
    func post(_ frame: VideoFrame) {
        var replaced: VideoFrame?
        lock.lock()
        guard frame.generation != 0, frame.generation == generation else {
            lock.unlock()
            return
        }
        replaced = pending
        pending = frame
        let schedule = !hopQueued
        hopQueued = true
        lock.unlock()
        if replaced != nil { coalesced.add(1) }
        replaced = nil
        if schedule {
            g_idle_add_full(G_PRIORITY_DEFAULT, deliverFrameOnMain,
                            Unmanaged.passRetained(owner).toOpaque(), releaseBoxDestroyNotify)
        }
    }

    /// GTK thread: empties the slot.
    func take() -> VideoFrame? {
        lock.lock(); defer { lock.unlock() }
        hopQueued = false
        let frame = pending
        pending = nil
        return frame
    }

    /// Installs appsink callbacks that pull every preroll and sample into this
    /// mailbox, cropped as `scale` says. The appsink holds a reference to
    /// both until its callbacks are replaced or it is finalized.
    func attach(to appsink: UnsafeMutablePointer<GstAppSink>, scale: ScaleRequest) {
        var callbacks = GstAppSinkCallbacks()
        callbacks.new_preroll = { sink, data in
            guard let sink, let data else { return GST_FLOW_OK }
            ClosureBox<SinkContext>.from(data).value.receive(gst_app_sink_pull_preroll(sink))
            return GST_FLOW_OK
        }
        callbacks.new_sample = { sink, data in
            guard let sink, let data else { return GST_FLOW_OK }
            ClosureBox<SinkContext>.from(data).value.receive(gst_app_sink_pull_sample(sink))
            return GST_FLOW_OK
        }
        let context = ClosureBox(SinkContext(mailbox: self, scale: scale))
        gst_app_sink_set_callbacks(appsink, &callbacks, context.retainedPointer(), releaseBoxDestroyNotify)
    }
}

/// What appsink's callbacks need; immutable, used on streaming threads.
private struct SinkContext {
    let mailbox: FrameMailbox
    let scale: ScaleRequest

    /// Streaming thread: the least work possible (wrap the mapped frame),
    /// then the hand-over.
    func receive(_ sample: OpaquePointer?) {
        guard let sample else { return }
        defer { gst_sample_unref(sample) }
        let generation = mailbox.acceptedGeneration
        guard generation != 0,
              let frame = VideoFrame.wrapping(sample, generation: generation,
                                              visible: scale.visibleRect(decoded:)) else { return }
        mailbox.post(frame)
    }
}

/// The hop's GSourceFunc: runs on the GTK thread's main context.
private let deliverFrameOnMain: GSourceFunc = { data in
    guard let data else { return 0 }
    let owner = Unmanaged<WeakPlayer>.fromOpaque(data).takeUnretainedValue()
    MainActor.assumeIsolated { owner.player?.deliverPendingFrame() }
    return 0 // G_SOURCE_REMOVE
}
