internal import CGStreamer
import CSoup

/// The versions of the media libraries this process runs on (not the
/// ones it was built against), for the About window's debug info. Any thread.
public enum LibraryVersions {
    /// "1.22.0"; "1.22.0.1" for a development build of GStreamer.
    public static var gstreamer: String {
        var major: guint = 0, minor: guint = 0, micro: guint = 0, nano: guint = 0
        gst_version(&major, &minor, &micro, &nano)
        return nano == 0 ? "\(major).\(minor).\(micro)" : "\(major).\(minor).\(micro).\(nano)"
    }

    /// "3.2.2".
    public static var libsoup: String {
        "\(soup_get_major_version()).\(soup_get_minor_version()).\(soup_get_micro_version())"
    }
}
