import CGLib
import CGStreamer
import FeedCore
import Foundation

/// Asks GStreamer's discoverer why a local file did not preroll. GTK thread
/// (the discoverer itself runs on a worker thread of its own).
///
/// Why: when a demuxer fails while decodebin is still activating it (a
/// truncated MP4 whose `moov` promises more than the file holds), decodebin
/// 1.22 drops the demuxer's ERROR, and the player waits with nothing on its
/// bus. A local file prerolls in well under a second, so a file:// binding
/// that has not after ``deadlineMilliseconds`` is stuck: this probe reads
/// the file once more and reports what the discoverer found (the demuxer's
/// own error), or nil when the file looks fine (a slow disk: a timeout then).
@MainActor
final class LocalStallProbe {
    /// How long a file:// binding may take to preroll before it is probed.
    static let deadlineMilliseconds: UInt32 = 4_000
    /// How long the discoverer may take, in seconds.
    nonisolated static let discoverSeconds = 5.0

    private var cancelled = false

    /// Whether `uri` is a local file, whose preroll is probed early.
    static func applies(to uri: String?) -> Bool {
        uri.map { $0.lowercased().hasPrefix("file:") } ?? false
    }

    init(uri: String, done: @escaping @MainActor (PlayerFailure?) -> Void) {
        Thread.detachNewThread { [uri] in
            let found = Self.discover(uri)
            DispatchQueue.main.async { [weak self] in
                guard let self, !self.cancelled else { return }
                done(found)
            }
        }
    }

    func cancel() { cancelled = true }

    /// Runs the discoverer on `uri`. Blocking; worker thread.
    nonisolated private static func discover(_ uri: String) -> PlayerFailure? {
        var error: UnsafeMutablePointer<GError>?
        guard let discoverer = gst_discoverer_new(GstClockTime(discoverSeconds * 1e9), &error) else {
            g_clear_error(&error)
            return nil
        }
        defer { g_object_unref(UnsafeMutableRawPointer(discoverer)) }
        let info = gst_discoverer_discover_uri(discoverer, uri, &error)
        defer {
            if let info { g_object_unref(UnsafeMutableRawPointer(info)) }
            g_clear_error(&error)
        }
        if let failure = error {
            return PlayerFailure.classify(GStreamerError(failure), httpStatus: nil, fromDecoder: false)
        }
        guard let info else { return nil }
        switch gst_discoverer_info_get_result(info) {
        case GST_DISCOVERER_OK, GST_DISCOVERER_TIMEOUT, GST_DISCOVERER_BUSY:
            return nil
        case GST_DISCOVERER_MISSING_PLUGINS:
            return PlayerFailure(code: .unsupportedFormat, message: "GStreamer has no plugin for this file", httpStatus: nil)
        default:
            return PlayerFailure(code: .unsupportedFormat, message: "GStreamer cannot read this file", httpStatus: nil)
        }
    }
}
