import CGLib
import FeedCore
import FeedMedia
import FlickTooling
import Foundation

/// `flick cache …`: the media cache's real state from the command line.
///
///     flick cache status [KEY]   none/partial/complete and bytes, per key
///     flick cache size           video and image bytes held
///     flick cache remove KEY     drop one entry
///     flick cache clear          drop everything
///     flick cache preload URL…   fetch the start of files into the cache
///
/// KEY is the cache key as Flick writes it, `video:<scope> <item id or
/// cacheKey>`, the scope being the feed's origin (`https://host:443`);
/// `flick cache status` lists them. A preload keys by the URL itself,
/// scoped by its own origin, and fetches the startup range playback
/// starts from (1.5 MiB), as the app's own preloads do.
/// The cache is opened by one process at a time: with Flick running, these
/// commands say so instead of touching the files under it.
@MainActor
enum CacheCommand {
    /// The words after `flick cache`.
    enum Action: Equatable {
        case status(String?)
        case size
        case remove(String)
        case clear
        case preload([String])
    }

    nonisolated static let usage = "usage: flick cache status [KEY] | size | remove KEY | clear | preload URL…"

    /// Parses the words after `flick cache`.
    nonisolated static func parse(_ words: [String]) -> Action? {
        switch (words.first, words.count) {
        case ("status", 1): return .status(nil)
        case ("status", 2): return .status(words[1])
        case ("size", 1): return .size
        case ("remove", 2): return .remove(words[1])
        case ("clear", 1): return .clear
        case ("preload", 2...): return .preload(Array(words.dropFirst()))
        default: return nil
        }
    }

    static func run(_ action: Action, directory: URL) -> Int32 {
        let store: RangeStore
        do {
            store = try RangeStore(directory: directory)
        } catch {
            Log.error("cannot open the media cache: \(error) (is Flick running? close it and try again)")
            return 1
        }
        defer { store.close() }
        switch action {
        case .status(let text):
            var keys = store.keys.sorted { $0.description < $1.description }
            if let text {
                guard let key = CacheKey(text) else {
                    Log.error("‘\(text)’ is not a cache key (like video:item-12)")
                    return 2
                }
                keys = [key]
            }
            for key in keys {
                let info = store.info(key)
                let total = info?.contentLength.map { " of \($0)" } ?? ""
                print("\(key)\t\(store.status(key).rawValue)\t\(info?.ranges.totalBytes ?? 0) bytes\(total)")
            }
            return 0
        case .size:
            print("video\t\(store.usage(kind: .video)) bytes")
            print("image\t\(store.usage(kind: .image)) bytes")
            return 0
        case .remove(let text):
            guard let key = CacheKey(text) else {
                Log.error("‘\(text)’ is not a cache key (like video:item-12)")
                return 2
            }
            store.remove(key)
            store.flush()
            return 0
        case .clear:
            store.clear()
            store.flush()
            return 0
        case .preload(let addresses):
            return preload(addresses, into: store)
        }
    }

    /// Fetches each URL whole into the cache, under `video:<URL>`.
    private static func preload(_ addresses: [String], into store: RangeStore) -> Int32 {
        let urls = addresses.filter { MediaLocation($0).isNetwork }.compactMap(URL.init(string:))
        guard urls.count == addresses.count else {
            Log.error("flick cache preload takes http(s) URLs")
            return 2
        }
        let fetcher = RangeFetcher()
        let loop = g_main_loop_new(nil, 0)
        var remaining = urls.count
        var failed = false
        for url in urls {
            // No feed applies: scoped by the media URL's own origin.
            let key = CacheKey.scoped(.video, scope: CacheKey.origin(of: url.absoluteString) ?? "local", name: url.absoluteString)
            let startup = Int64(PreloadPlan.StartupRange.normal.bytes)
            guard let gap = store.gaps(key, in: 0..<startup).first else {
                print("\(key)\t\(store.status(key).rawValue)\t\(store.info(key)?.ranges.totalBytes ?? 0) bytes (already cached)")
                remaining -= 1
                continue
            }
            // Speculative, as the app's preloads: from a server that sends
            // the whole file instead of the range, it stops at the range's end.
            let started = fetcher.fetch(url: url, range: gap.lowerBound..<startup, priority: .speculative,
                                        into: store, key: key) { result in
                if case .failed(let failure) = result.end {
                    Log.error("could not preload \(url.absoluteString): \(failure)")
                    failed = true
                } else {
                    print("\(key)\t\(store.status(key).rawValue)\t\(result.bytesStored) bytes")
                }
                remaining -= 1
                if remaining == 0 { g_main_loop_quit(loop) }
            }
            if started == nil {
                Log.error("could not preload \(url.absoluteString)")
                failed = true
                remaining -= 1
            }
        }
        if remaining > 0 { g_main_loop_run(loop) }
        g_main_loop_unref(loop)
        store.flush()
        return failed ? 1 : 0
    }
}
