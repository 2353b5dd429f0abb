import FeedGObject
/// Why GStreamer cannot do what Flick needs, as one line a person can act on.
public enum MediaRuntimeError: Error, CustomStringConvertible, Equatable, Sendable {
    /// `gst_init_check` failed.
    case initFailed(reason: String)
    /// An element factory is not installed; `package` is the Debian package that ships it.
    case missingElement(String, package: String)

    public var description: String {
        switch self {
        case .initFailed(let reason):
            return tr("GStreamer could not start (%1$s); run meson-helpers/setup-debian.sh to install the media packages.")
                .filled(reason)
        case .missingElement(let element, let package):
            // Translators: a GStreamer element's name, then the Debian package that has it.
            return tr("The GStreamer element \"%1$s\" is missing: install the Debian package %2$s (run meson-helpers/setup-debian.sh).")
                .filled(element, package)
        }
    }
}
