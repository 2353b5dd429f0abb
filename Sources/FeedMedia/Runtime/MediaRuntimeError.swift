/// Why GStreamer cannot do what Flick needs, as one line a person can act on.
public enum MediaRuntimeError: Error, CustomStringConvertible, Equatable, Sendable {
    /// `gst_init_check` failed.
    case initFailed(reason: String)
    /// An element factory is not installed; `package` is the Debian package that ships it.
    case missingElement(String, package: String)

    public var description: String {
        switch self {
        case .initFailed(let reason):
            return "GStreamer could not start (\(reason)); run meson-helpers/setup-debian.sh to install the media packages."
        case .missingElement(let element, let package):
            return "The GStreamer element \"\(element)\" is missing: install the Debian package \(package) (run meson-helpers/setup-debian.sh)."
        }
    }
}
