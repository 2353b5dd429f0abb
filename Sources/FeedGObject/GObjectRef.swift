import CGLib

/// An owned strong reference to a GObject: it holds one reference for as
/// long as the Swift value lives and drops it in `deinit`.
///
/// Reference counting is atomic in GObject, so the wrapper may move between
/// threads; what may be done with the object on which thread is the object's
/// own rule (GTK objects stay on the GTK thread).
public final class GObjectRef: Sendable {
    /// The object (GObject counts its references atomically).
    private let handle: SharedHandle
    /// The object. Valid while this wrapper lives.
    public var object: UnsafeMutablePointer<GObject> { handle.pointer() }

    /// Takes over a reference the caller already owns ("transfer full"),
    /// sinking it first if it is floating. Returns nil for a null pointer.
    public init?(owning pointer: UnsafeMutableRawPointer?) {
        guard let pointer else { return nil }
        let object = pointer.assumingMemoryBound(to: GObject.self)
        if g_object_is_floating(object) != 0 {
            g_object_ref_sink(object)
        }
        handle = SharedHandle(object)
    }

    /// Takes a new reference to an object owned elsewhere ("transfer none"),
    /// sinking a floating reference so that this wrapper owns it.
    public init?(retaining pointer: UnsafeMutableRawPointer?) {
        guard let pointer else { return nil }
        let object = pointer.assumingMemoryBound(to: GObject.self)
        g_object_ref_sink(object)
        handle = SharedHandle(object)
    }

    deinit {
        g_object_unref(object)
    }

    /// The object as a pointer to another C struct of its class hierarchy
    /// (`GtkWidget`, `GstElement`, ...): the C cast macros, done in one place.
    public func pointer<T>(as type: T.Type = T.self) -> UnsafeMutablePointer<T> {
        UnsafeMutableRawPointer(object).assumingMemoryBound(to: T.self)
    }

    /// The object as an untyped pointer, for C calls that take `gpointer`.
    public var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(object) }
}

/// Anything that points at a GObject instance as C code sees it: typed
/// struct pointers, opaque pointers (for types whose struct is private) and
/// untyped `gpointer`s.
public protocol GObjectPointer {
    /// The same address, untyped.
    var rawGObject: UnsafeMutableRawPointer { get }
}

extension UnsafeMutableRawPointer: GObjectPointer {
    public var rawGObject: UnsafeMutableRawPointer { self }
}

extension UnsafeMutablePointer: GObjectPointer {
    public var rawGObject: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

extension OpaquePointer: GObjectPointer {
    public var rawGObject: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

/// Casts between GObject C struct pointers: the one place where the C cast
/// macros (`G_OBJECT()`, `GTK_WIDGET()`, ...) are written out. Instance
/// checks are the caller's responsibility.
@inline(__always)
public func gcast<T>(_ pointer: (some GObjectPointer)?, to type: T.Type = T.self) -> UnsafeMutablePointer<T>? {
    pointer?.rawGObject.assumingMemoryBound(to: T.self)
}

/// The same cast for C types that Swift imports as `OpaquePointer`
/// (GSimpleAction, GtkEventController, ... whose structs are private).
@inline(__always)
public func gopaque(_ pointer: (some GObjectPointer)?) -> OpaquePointer? {
    pointer.map { OpaquePointer($0.rawGObject) }
}
