import Foundation
import Synchronization

/// The live cache-source hubs by id: how an element, which GStreamer makes
/// once per process for any pipeline, finds the hub its URI names. Holds
/// the hubs weakly; any thread (locked).
enum CacheSourceHubs {
    private struct Entry { weak var hub: CacheSourceHub? }
    private struct Table {
        var hubs: [Int: Entry] = [:]
        var lastID = 0
    }

    private static let table = Mutex(Table())

    static func nextID() -> Int {
        table.withLock {
            $0.lastID += 1
            return $0.lastID
        }
    }

    static func add(_ hub: CacheSourceHub) {
        table.withLock { $0.hubs[hub.id] = Entry(hub: hub) }
    }

    static func remove(_ id: Int) {
        table.withLock { _ = $0.hubs.removeValue(forKey: id) }
    }

    /// The hub named `id`, while it lives.
    static func hub(_ id: Int) -> CacheSourceHub? {
        table.withLock { $0.hubs[id]?.hub }
    }
}
