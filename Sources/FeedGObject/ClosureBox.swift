import CGLib

/// Holds a Swift value for C code: retained when handed to GLib, released by
/// GLib's destroy notify, so the closure lives exactly as long as the C side
/// can call it.
/// Immutable; the value is only used on the thread that runs the C callback.
/// `@unchecked Sendable`: the value is constant and used on the one thread that runs the C callback.
public final class ClosureBox<Value>: @unchecked Sendable {
    public let value: Value
    public init(_ value: Value) { self.value = value }

    /// A retained opaque pointer for `user_data`; balanced by `releaseBox`.
    public func retainedPointer() -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(self).toOpaque()
    }

    /// The box behind a `user_data` pointer, not retained.
    public static func from(_ pointer: UnsafeMutableRawPointer) -> ClosureBox<Value> {
        Unmanaged<ClosureBox<Value>>.fromOpaque(pointer).takeUnretainedValue()
    }
}

/// GClosureNotify that releases a box passed with `retainedPointer()`.
public let releaseBoxClosureNotify: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

/// GDestroyNotify that releases a box passed with `retainedPointer()`.
public let releaseBoxDestroyNotify: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}
