import CGLib
import CGtk
import FeedCore
import FeedMedia
import FlickTooling
import Foundation

/// What the About window's Troubleshooting page says, for a bug report:
/// Flick's version and profile, the libraries it runs on, the renderer,
/// the video decoders GStreamer would plug and whether hardware decoding
/// is allowed, and the media cache's folder and size. Stable English:
/// reports are read by developers. GTK thread (it reads GStreamer's registry).
@MainActor
enum DebugInfo {
    /// What the machine says, read when the window opens.
    struct Facts {
        var renderer: WindowRenderer?
        var hardwareDecoding: HardwareDecoding
        var cacheDirectory: URL
        /// The cache's statistics, nil when Flick runs without one.
        var cache: CacheStatistics?
    }

    static func text(_ facts: Facts) -> String {
        var lines = ["\(AppInfo.name) \(AppInfo.version) (\(AppInfo.id))", ""]
        lines.append("GTK \(gtk_get_major_version()).\(gtk_get_minor_version()).\(gtk_get_micro_version())")
        lines.append("libadwaita \(adw_get_major_version()).\(adw_get_minor_version()).\(adw_get_micro_version())")
        lines.append("GLib \(glib_major_version).\(glib_minor_version).\(glib_micro_version)")
        lines.append("GStreamer \(LibraryVersions.gstreamer)")
        lines.append("libsoup \(LibraryVersions.libsoup)")
        lines.append("")
        lines.append("Renderer: \(facts.renderer?.rawValue ?? "not realized yet")")
        lines.append("Hardware decoding: \(facts.hardwareDecoding.rawValue)")
        for choice in DecoderRanks.preferredDecoders() {
            let decoder = choice.decoder.map { "\($0)\(choice.hardware ? " (hardware)" : "")" } ?? "none installed"
            lines.append("\(choice.format) decoder: \(decoder)")
        }
        lines.append("")
        lines.append("Media cache: \(facts.cacheDirectory.path)")
        if let cache = facts.cache {
            lines.append("Cache size: \(cache.videoDiskBytes) bytes of video, \(cache.imageDiskBytes) bytes of pictures")
        } else {
            lines.append("Cache size: no media cache in use")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
