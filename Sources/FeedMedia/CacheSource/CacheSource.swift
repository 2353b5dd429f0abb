import CFlickShim
import CGLib
import CGStreamer
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
/// Wiring: at start, on the GTK thread, make one ``RangeStore`` and one
/// ``RangeFetcher`` and call `register(store:fetcher:)`. When binding an
/// item, give playbin `CacheURI.make(for: url, key: key)` for URLs where
/// `CacheURI.shouldRewrite(url)` holds (http(s) progressive files), the
/// plain URL otherwise (HLS, file://). Preload with the same fetcher,
/// store and key: playback then reads those bytes, or joins the preload
/// while it runs.
public enum CacheSource {
    /// Registers the element (once per process) and makes `store` and
    /// `fetcher` the ones elements created from now on use. GTK thread.
    /// Returns false when GStreamer is missing or refused the element.
    @MainActor @discardableResult
    public static func register(store: RangeStore, fetcher: RangeFetcher) -> Bool {
        guard (try? MediaRuntime.initialize()) != nil else { return false }
        CacheSourceDriver.shared.configure(store: store, fetcher: fetcher)
        var handlers = elementHandlers()
        return flick_cache_src_register(&handlers, nil) != 0
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

    /// How elements reading `key` fetch what is missing: `.speculative`
    /// for a player preparing an item that is not current (low priority,
    /// counted as speculative), `.current` (the default) once it is; that
    /// also promotes the key's running fetches. GTK thread.
    @MainActor
    public static func setPriority(_ priority: FetchPriority, for key: CacheKey) {
        CacheSourceDriver.headers.setPriority(priority, for: key)
        if priority == .current { CacheSourceDriver.shared.promoteFetches(of: key) }
    }

    /// Bytes elements handed to demuxers from disk (hits) and after waiting
    /// for the network (misses), since the process started. Any thread.
    public static var bytesRead: (hits: Int64, misses: Int64) {
        (Int64(CacheSourceInstance.hitBytes.load()), Int64(CacheSourceInstance.missBytes.load()))
    }

    /// Headers the element sends with its fetches for `key` (the item's
    /// own headers: its origin only). Any thread.
    public static func setHeaders(_ headers: [String: String], for key: CacheKey) {
        CacheSourceDriver.headers.set(headers, for: key)
    }
}
