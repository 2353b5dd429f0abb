internal import CGStreamer

/// The GStreamer runtime Flick needs, checked once per process.
///
/// Any thread. `initialize()` runs `gst_init_check` and the element check
/// exactly once (Swift's lazy statics are initialised under a once-lock);
/// later calls return the cached outcome.
public enum MediaRuntime {
    /// Initialises GStreamer once (gst_init_check; idempotent, thread-safe) and
    /// checks that every element factory Flick needs exists.
    ///
    /// Throws ``MediaRuntimeError`` with a one-line human message naming the
    /// missing element and the Debian package that provides it.
    public static func initialize() throws {
        try outcome.get()
    }

    /// The AAC encoder to use, the first of ``MediaElement/aacEncoders`` that
    /// exists. Only meaningful after `initialize()` succeeded.
    public static var aacEncoder: String {
        MediaElement.aacEncoders.first(where: factoryExists) ?? MediaElement.aacEncoders[0]
    }

    /// Whether an optional element (e.g. `clockoverlay`) is available.
    public static func has(_ element: String) -> Bool {
        (try? outcome.get()) != nil && factoryExists(element)
    }

    private static let outcome: Result<Void, MediaRuntimeError> = {
        var error: UnsafeMutablePointer<GError>?
        guard gst_init_check(nil, nil, &error) != 0 else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown reason"
            g_clear_error(&error)
            return .failure(.initFailed(reason: reason))
        }
        if let missing = firstMissing(exists: factoryExists) {
            return .failure(missing)
        }
        return .success(())
    }()

    /// The first requirement that `exists` says is absent, as an error.
    /// Split out so the mapping can be tested without uninstalling plugins.
    static func firstMissing(exists: (String) -> Bool) -> MediaRuntimeError? {
        for element in MediaElement.required where !exists(element.name) {
            return .missingElement(element.name, package: element.package)
        }
        if !MediaElement.aacEncoders.contains(where: exists) {
            let first = MediaElement.named(MediaElement.aacEncoders[0])
            return .missingElement(first?.name ?? "avenc_aac", package: first?.package ?? "gstreamer1.0-libav")
        }
        return nil
    }

    private static func factoryExists(_ name: String) -> Bool {
        guard let factory = gst_element_factory_find(name) else { return false }
        gst_object_unref(UnsafeMutableRawPointer(factory))
        return true
    }
}
