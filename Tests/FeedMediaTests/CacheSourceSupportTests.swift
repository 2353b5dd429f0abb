// Support for the cache source tests: a served file with a registered store
// and fetcher, a pull-mode reader, and a playbin with fake sinks.
import CFlickGLibShim
import CGLib
import CGStreamer
import FeedCore
import FlickTestSupport
import Foundation
import Testing
@testable import FeedDemo
@testable import FeedMedia

/// A served file, a fresh store and fetcher, registered as the cache
/// source's: what every cache source test starts from.
@MainActor
final class CacheSourceSetup {
    let served: ServedFile
    let cache: TestStore
    let fetcher: RangeFetcher
    let key: CacheKey
    /// What the element reads through: this setup's store and fetcher.
    let hub: CacheSourceHub

    init(size: Int = 2 * 1_048_576, file: URL? = nil, readTimeoutSeconds: Int = 15,
         label: String = #function) throws {
        try MediaRuntime.initialize()
        served = try ServedFile(size: size, label: label)
        if let file {
            served.server.serveFile(file, at: "/demo.mp4", contentType: "video/mp4")
        }
        cache = try TestStore(label: label)
        fetcher = RangeFetcher(options: .init(readTimeoutSeconds: readTimeoutSeconds))
        key = CacheKey(kind: .video, source: "\(label)-\(UUID().uuidString)")
        hub = try #require(CacheSource.makeHub(store: cache.store, fetcher: fetcher))
    }

    func uri(_ path: String = "clip.mp4", key: CacheKey? = nil) -> String {
        hub.uri(for: served.base.appendingPathComponent(path), key: key ?? self.key)
    }

    func tearDown() {
        served.tearDown()
        cache.remove()
    }
}

/// Reads a flickcachesrc's bytes the way a demuxer in pull mode does:
/// `gst_pad_get_range` on its source pad, activated in pull mode. Reads
/// run on a worker thread while the test pumps the main context, where
/// the fetches run.
final class PullReader: @unchecked Sendable {
    let element: UnsafeMutablePointer<GstElement>
    private let pad: UnsafeMutablePointer<GstPad>

    init(uri: String) throws {
        var error: UnsafeMutablePointer<GError>?
        let made = gst_element_make_from_uri(GST_URI_SRC, uri, nil, &error)
        if let error { g_error_free(error) }
        element = try #require(made)
        gst_object_ref_sink(UnsafeMutableRawPointer(element))
        let name = gst_element_get_factory(element).flatMap { gst_object_get_name(UnsafeMutableRawPointer($0).assumingMemoryBound(to: GstObject.self)) }
        defer { g_free(name) }
        #expect(name.map { String(cString: $0) } == "flickcachesrc")
        pad = try #require(gst_element_get_static_pad(element, "src"))
        gst_element_set_state(element, GST_STATE_READY)
        try #require(gst_pad_activate_mode(pad, GST_PAD_MODE_PULL, 1) != 0, "pull mode should activate")
    }

    func close() {
        gst_pad_activate_mode(pad, GST_PAD_MODE_PULL, 0)
        gst_element_set_state(element, GST_STATE_NULL)
        gst_object_unref(UnsafeMutableRawPointer(pad))
        gst_object_unref(UnsafeMutableRawPointer(element))
    }

    /// One read on the calling thread: the flow and the bytes.
    func readNow(offset: Int, length: Int) -> (flow: GstFlowReturn, data: Data) {
        var buffer: UnsafeMutablePointer<GstBuffer>?
        let flow = gst_pad_get_range(pad, guint64(offset), guint(length), &buffer)
        guard let buffer else { return (flow, Data()) }
        defer { gst_mini_object_unref(UnsafeMutableRawPointer(buffer).assumingMemoryBound(to: GstMiniObject.self)) }
        let size = gst_buffer_get_size(buffer)
        var data = Data(count: Int(size))
        data.withUnsafeMutableBytes { _ = gst_buffer_extract(buffer, 0, $0.baseAddress, size) }
        return (flow, data)
    }

    /// Runs `reads` on a worker thread, pumping the main context until done.
    @MainActor
    func run<T: Sendable>(seconds: Double = 30, _ reads: @escaping @Sendable (PullReader) -> T) async -> T? {
        let slot = ResultSlot<T>()
        Thread.detachNewThread { [self] in
            let value = reads(self)
            slot.lock.withLock { slot.value = value }
        }
        await FetchPump.pump(seconds: seconds) { slot.lock.withLock { slot.value != nil } }
        return slot.lock.withLock { slot.value }
    }
}

/// A value handed from a worker thread.
final class ResultSlot<T>: @unchecked Sendable {
    var value: T?
    let lock = NSLock()
}

/// A playbin with fake sinks that run as fast as they can.
@MainActor
final class TestPlaybin {
    let element: UnsafeMutablePointer<GstElement>
    private let bus: OpaquePointer

    init(uri: String) throws {
        element = try #require(gst_element_factory_make("playbin", nil))
        gst_object_ref_sink(UnsafeMutableRawPointer(element))
        flick_object_set_string(element, "uri", uri)
        for property in ["video-sink", "audio-sink"] {
            let sink = try #require(gst_element_factory_make("fakesink", nil))
            flick_object_set_boolean(sink, "sync", 0)
            flick_object_set_object(element, property, sink)
        }
        bus = OpaquePointer(gst_element_get_bus(element)!)
    }

    func close() {
        gst_element_set_state(element, GST_STATE_NULL)
        gst_object_unref(UnsafeMutableRawPointer(bus))
        gst_object_unref(UnsafeMutableRawPointer(element))
    }

    func set(_ state: GstState) { gst_element_set_state(element, state) }

    /// Pumps until a message of `types` from anyone (or an error) arrives.
    /// Returns the message (caller unrefs) or nil after `seconds`.
    func wait(for types: GstMessageType, seconds: Double = 30) async -> UnsafeMutablePointer<GstMessage>? {
        var found: UnsafeMutablePointer<GstMessage>?
        let mask = GstMessageType(rawValue: types.rawValue | GST_MESSAGE_ERROR.rawValue)
        await FetchPump.pump(seconds: seconds) {
            found = gst_bus_pop_filtered(UnsafeMutablePointer(bus), mask)
            return found != nil
        }
        return found
    }
}


/// A deterministic sequence of (offset, length) reads over `size` bytes.
func randomReads(count: Int, size: Int, seed: UInt64 = 42) -> [(offset: Int, length: Int)] {
    var state = seed
    func next() -> UInt64 { state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407; return state >> 33 }
    return (0..<count).map { _ in
        let offset = Int(next() % UInt64(size))
        let length = 1 + Int(next() % 65_536)
        return (offset, length)
    }
}
