/// A GLib or GStreamer object that more than one thread reaches, through
/// the calls its library documents as thread-safe: a GMainContext's
/// sources and a GMainLoop's quit, a GstElement's properties, a
/// reference count. The one place Sources vouch for a raw pointer crossing
/// threads; each holder keeps its handle constant and says in its own
/// documentation which calls it makes off the object's thread.
/// `@unchecked Sendable`: the pointer is constant, and only the library's thread-safe calls are made through it from other threads.
public struct SharedHandle: @unchecked Sendable {
    /// The object.
    public let raw: OpaquePointer

    public init(_ raw: OpaquePointer) {
        self.raw = raw
    }

    public init<T>(_ pointer: UnsafeMutablePointer<T>) {
        raw = OpaquePointer(pointer)
    }

    /// The object as a typed pointer (`GstElement`, `GSource`, …).
    public func pointer<T>(as type: T.Type = T.self) -> UnsafeMutablePointer<T> {
        UnsafeMutablePointer<T>(raw)
    }
}
