import CGLib

/// A weak reference to a GObject (a `GWeakRef`): it does not keep the
/// object alive, and reads nil once the object is gone. For a watcher that
/// must reach an element of a pipeline without holding the pipeline up
/// (a reference cycle through a pad probe's data would).
///
/// `GWeakRef` is thread-safe, so the wrapper may move between threads.
public final class WeakObjectRef: Sendable {
    private let slot: SharedHandle

    /// Watches `object` (a GObject), without a reference of its own.
    public init(_ object: UnsafeMutableRawPointer) {
        let weak = UnsafeMutablePointer<GWeakRef>.allocate(capacity: 1)
        weak.initialize(to: GWeakRef())
        g_weak_ref_init(weak, object.assumingMemoryBound(to: GObject.self))
        slot = SharedHandle(weak)
    }

    deinit {
        let weak: UnsafeMutablePointer<GWeakRef> = slot.pointer()
        g_weak_ref_clear(weak)
        weak.deallocate()
    }

    /// A strong reference to the object while it lives; nil once it is gone.
    public func strong() -> GObjectRef? {
        let weak: UnsafeMutablePointer<GWeakRef> = slot.pointer()
        return GObjectRef(owning: g_weak_ref_get(weak))
    }
}
