import CGLib

/// The answer of one GIO-style async call (`…_async` / `…_finish`) as a
/// Swift closure, on the thread whose main context started the call (the
/// GTK thread). Pass `callback` and `userData(handler)`: the box holds
/// the handler, and whatever it captures, until GIO calls back exactly once.
public enum AsyncReady {
    public typealias Handler = @MainActor (_ result: OpaquePointer?) -> Void

    /// A retained `user_data` for `callback`, released when it runs.
    public static func userData(_ handler: @escaping Handler) -> UnsafeMutableRawPointer {
        ClosureBox<Handler>(handler).retainedPointer()
    }

    /// The GAsyncReadyCallback: takes back the box and runs its handler.
    public static let callback: GAsyncReadyCallback = { _, result, data in
        guard let data else { return }
        let box = Unmanaged<ClosureBox<Handler>>.fromOpaque(data).takeRetainedValue()
        // The GAsyncResult is only used here, on this thread, before returning.
        BorrowedOnMain.run(result) { box.value($0) }
    }
}
