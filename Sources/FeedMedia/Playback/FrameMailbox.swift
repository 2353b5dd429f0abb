import CGLib
internal import CGStreamer
import FeedGObject
import Foundation
import Synchronization

/// A weak link from C callbacks to their player. `player` is written and
/// read on the GTK thread only; streaming threads only hold the link and
/// pass it on (a GTK-thread class, so it may cross).
@MainActor
final class WeakPlayer {
    weak var player: VideoPlayer?

    nonisolated init() {}
}

extension WeakPlayer: MainThreadOwner {
    /// What the player's streaming threads send back, besides frames (the
    /// mailbox's own hop): a caption cue of a binding.
    enum Message: Sendable {
        case cue(CaptionCue, generation: UInt64)
    }

    func receive(_ message: Message) {
        switch message {
        case .cue(let cue, let generation): player?.deliver(cue, generation: generation)
        }
    }
}

/// Hands frames from appsink's streaming threads to the GTK thread, coalesced.
///
/// One pending slot, behind a mutex: a newer frame replaces an older one
/// that the GTK thread has not taken yet, and a main-context hop is scheduled
/// only when the slot goes from empty to full. Frames are stamped with the
/// generation accepted at the time they are pulled and dropped at once when
/// it is 0 (no binding). Shared by the streaming threads (``post(_:)``,
/// ``acceptedGeneration``) and the GTK thread (``accept(_:)``, ``take()``).
final class FrameMailbox: Sendable {
    /// The binding whose frames are wanted (0 for none; written by the GTK
    /// thread), the newest frame not yet taken by the GTK thread, and
    /// whether a hop to the GTK thread is queued and will empty the slot.
    private struct Slot {
        var generation: UInt64 = 0
        var pending: VideoFrame?
        var hopQueued = false
    }

    private let slot = Mutex(Slot())
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
        let dropped = slot.withLock { slot in
            slot.generation = generation
            defer { slot.pending = nil }
            return slot.pending
        }
        _ = dropped // released outside the lock: unmapping may take a while
    }

    /// Streaming thread: the generation to stamp a frame pulled now with.
    var acceptedGeneration: UInt64 {
        slot.withLock { $0.generation }
    }

    /// Streaming thread: offers a frame; schedules one hop if none is queued.
    func post(_ frame: VideoFrame) {
        guard frame.generation != 0 else { return }
        // A replaced frame is released outside the lock (unmapping may take a while).
        let (accepted, replaced, schedule) = slot.withLock { slot -> (Bool, VideoFrame?, Bool) in
            guard frame.generation == slot.generation else { return (false, nil, false) }
            defer { slot.pending = frame; slot.hopQueued = true }
            return (true, slot.pending, !slot.hopQueued)
        }
        guard accepted else { return }
        if replaced != nil { coalesced.add(1) }
        if schedule {
            g_idle_add_full(G_PRIORITY_DEFAULT, deliverFrameOnMain,
                            Unmanaged.passRetained(owner).toOpaque(), releaseBoxDestroyNotify)
        }
    }

    /// GTK thread: empties the slot.
    func take() -> VideoFrame? {
        slot.withLock { slot in
            slot.hopQueued = false
            defer { slot.pending = nil }
            return slot.pending
        }
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
