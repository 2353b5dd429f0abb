import CGLib
import CGStreamer
import Foundation
@testable import FeedDemo
@testable import FeedMedia

/// What GstDiscoverer says about a media file: an independent check of what the generator made.
struct DiscoveredMedia {
    var duration: Double
    var videoCaps: [String]
    var audioCaps: [String]
    var width: Int
    var height: Int

    struct Failure: Error, CustomStringConvertible { var description: String }

    static func discover(_ file: URL) throws -> DiscoveredMedia {
        try MediaRuntime.initialize()
        var error: UnsafeMutablePointer<GError>?
        guard let discoverer = gst_discoverer_new(GstClockTime(10_000_000_000), &error) else {
            defer { g_clear_error(&error) }
            throw Failure(description: "no discoverer")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(discoverer)) }
        let info = gst_discoverer_discover_uri(discoverer, file.absoluteString, &error)
        defer { if let info { g_object_unref(UnsafeMutableRawPointer(info)) } }
        if let failure = error {
            let message = String(cString: failure.pointee.message)
            g_error_free(failure)
            throw Failure(description: message)
        }
        guard let info else { throw Failure(description: "no info") }

        var result = DiscoveredMedia(duration: Double(gst_discoverer_info_get_duration(info)) / 1e9,
                                     videoCaps: [], audioCaps: [], width: 0, height: 0)
        let videos = gst_discoverer_info_get_video_streams(info)
        defer { gst_discoverer_stream_info_list_free(videos) }
        var node = videos
        while let current = node {
            let stream = current.pointee.data
            result.videoCaps.append(capsString(stream))
            let video = OpaquePointer(stream)
            result.width = Int(gst_discoverer_video_info_get_width(video))
            result.height = Int(gst_discoverer_video_info_get_height(video))
            node = current.pointee.next
        }
        let audios = gst_discoverer_info_get_audio_streams(info)
        defer { gst_discoverer_stream_info_list_free(audios) }
        node = audios
        while let current = node {
            result.audioCaps.append(capsString(current.pointee.data))
            node = current.pointee.next
        }
        return result
    }

    private static func capsString(_ stream: gpointer?) -> String {
        guard let caps = gst_discoverer_stream_info_get_caps(OpaquePointer(stream)) else { return "" }
        defer { gst_caps_unref(caps) }
        guard let text = gst_caps_to_string(caps) else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }
}

/// The top-level box types of an ISO media file, in order.
func topLevelAtoms(of file: URL) throws -> [String] {
    let data = try Data(contentsOf: file)
    var atoms: [String] = []
    var offset = 0
    while offset + 8 <= data.count {
        let bytes = [UInt8](data[offset..<offset + 8])
        var size = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        atoms.append(String(decoding: bytes[4..<8], as: UTF8.self))
        if size == 1, offset + 16 <= data.count {
            size = data[offset + 8..<offset + 16].reduce(0) { $0 << 8 | Int($1) }
        } else if size == 0 {
            size = data.count - offset
        }
        guard size >= 8 else { break }
        offset += size
    }
    return atoms
}
