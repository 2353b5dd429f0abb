import Foundation

/// The live cache-source hubs by id: how an element, which GStreamer makes
/// once per process for any pipeline, finds the hub its URI names. Holds
/// the hubs weakly; any thread (locked).
enum CacheSourceHubs {
    private final class Entry { weak var hub: CacheSourceHub? ; init(_ hub: CacheSourceHub) { self.hub = hub } }
    nonisolated(unsafe) private static var hubs: [Int: Entry] = [:]
    nonisolated(unsafe) private static var lastID = 0
    private static let lock = NSLock()

    static func nextID() -> Int {
        lock.withLock {
            lastID += 1
            return lastID
        }
    }

    static func add(_ hub: CacheSourceHub) {
        lock.withLock { hubs[hub.id] = Entry(hub) }
    }

    static func remove(_ id: Int) {
        lock.withLock { _ = hubs.removeValue(forKey: id) }
    }

    /// The hub named `id`, while it lives.
    static func hub(_ id: Int) -> CacheSourceHub? {
        lock.withLock { hubs[id]?.hub }
    }
}
