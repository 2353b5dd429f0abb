internal import CFlickGstShim
import CGLib
internal import CGStreamer
import FeedCore
import Foundation

/// Playback through the cache: the `flickcachesrc` element for
/// `flick-cache://` URIs (see ``CacheURI``), registered in-process.
///
/// playbin runs it in pull mode. A read is served from the range store
/// when every byte is there; otherwise the streaming thread posts a fetch of
/// the gap to the GTK thread (the fetcher's thread) and waits on its own
/// condition for the bytes to land; it never blocks the GTK thread, and
/// unlock (a flush or a state change to NULL) ends the wait at once.
///
/// Wiring: each media cache makes one ``RangeStore`` and one
/// ``RangeFetcher`` and asks for a hub over them (`makeHub`). When binding
/// an item, give playbin `hub.uri(for: url, key: key)` for URLs where
/// `CacheURI.shouldRewrite(url)` holds (http(s) progressive files and HLS
/// playlists), the plain URL otherwise (file://). Preload with the same
/// fetcher, store and key: playback then reads those bytes, or joins the
/// preload while it runs.
///
/// HLS: the playlist is read through the element like any file, and the
/// demuxer (``HLSDemuxerChoice``) makes one element per segment from the
/// address it resolves against the playlist's `flick-cache-http(s)` URI;
/// each segment is stored under its own address. Those elements run in
/// push mode, and learn a segment's length from its first response.
public enum CacheSource {
    /// Registers the element (once per process) and makes a hub over
    /// `store` and `fetcher` for the URIs of one media cache. GTK thread.
    /// Nil when GStreamer is missing or refused the element.
    @MainActor
    public static func makeHub(store: RangeStore, fetcher: RangeFetcher) -> CacheSourceHub? {
        guard (try? MediaRuntime.initialize()) != nil else { return nil }
        var handlers = elementHandlers()
        guard flick_cache_src_register(&handlers, nil) != 0 else { return nil }
        // HLS segments reach the cache only through the demuxer that reads them with source elements.
        HLSDemuxerChoice.preferSourceElementDemuxer()
        return CacheSourceHub(store: store, fetcher: fetcher)
    }

    /// The C callbacks. Made outside the main actor: they run on streaming
    /// threads, and closures formed in a main-actor function would assert
    /// that they run on the main thread.
    private nonisolated static func elementHandlers() -> FlickCacheSrcHandlers {
        FlickCacheSrcHandlers(
            instance_new: { element, _ in
                guard let element else { return nil }
                return Unmanaged.passRetained(CacheSourceInstance(element: element)).toOpaque()
            },
            instance_free: { instance in
                guard let instance else { return }
                Unmanaged<CacheSourceInstance>.fromOpaque(instance).release()
            },
            set_uri: { instance, uri in
                guard let instance, let uri else { return 0 }
                return CacheSourceInstance.from(instance).setURI(String(cString: uri)) ? 1 : 0
            },
            start: { instance in
                guard let instance else { return 0 }
                return CacheSourceInstance.from(instance).start() ? 1 : 0
            },
            stop: { instance in
                guard let instance else { return 0 }
                CacheSourceInstance.from(instance).stop()
                return 1
            },
            get_size: { instance, size in
                guard let instance, let size, let length = CacheSourceInstance.from(instance).size() else { return 0 }
                size.pointee = UInt64(length)
                return 1
            },
            fill: { instance, offset, length, buffer in
                guard let instance, let buffer else { return Int32(GST_FLOW_ERROR.rawValue) }
                return CacheSourceInstance.from(instance).fill(offset: Int64(offset), length: Int(length),
                                                               buffer: buffer.assumingMemoryBound(to: GstBuffer.self))
            },
            unlock: { instance in
                guard let instance else { return 1 }
                CacheSourceInstance.from(instance).unlock()
                return 1
            },
            unlock_stop: { instance in
                guard let instance else { return 1 }
                CacheSourceInstance.from(instance).unlockStop()
                return 1
            })
    }
}
