import FeedCore
import Foundation
import Synchronization

/// Who reads each key (FeedCore's ``CacheReader``, set by the feed session
/// on the GTK thread) and which source elements read it now, so that a
/// read waiting for its post to become current is woken the moment it is.
/// Any thread (a mutex); it is never held while an element is woken.
final class CacheReaderTable: Sendable {
    private struct Weak {
        weak var instance: CacheSourceInstance?
    }

    private struct Table {
        /// Keys whose reader is not `.current` (the default).
        var readers: [CacheKey: CacheReader] = [:]
        /// Elements started on each key, weakly.
        var elements: [CacheKey: [Weak]] = [:]
    }

    private let table = Mutex(Table())

    /// `.current` unless the session said otherwise.
    func reader(_ key: CacheKey) -> CacheReader {
        table.withLock { held in held.readers[key] ?? .current }
    }

    /// Records `reader` for `key`; an element waiting on `key` looks again,
    /// and one held until it stops is let go when `reader` fetches: the
    /// session hands the key to the post being shown, whose misses must
    /// always reach the network.
    func set(_ reader: CacheReader, for key: CacheKey) {
        let waking: [CacheSourceInstance] = table.withLock { held in
            let old = held.readers[key] ?? .current
            held.readers[key] = reader == .current ? nil : reader
            guard old != reader else { return [] }
            return (held.elements[key] ?? []).compactMap(\.instance)
        }
        for instance in waking { instance.readerChanged(fetching: reader.missAction == .fetch) }
    }

    /// Forgets every key's reader but those in `keep`: an element started
    /// on such a key later is read as current. An element still reading a
    /// key that was `.prepared` stays held until it stops: its player was
    /// let go or bound to another post, and is being reset, so what it
    /// would read next is not wanted.
    func keepOnly(_ keep: Set<CacheKey>) {
        let stopping: [CacheSourceInstance] = table.withLock { held in
            let dropped = held.readers.filter { !keep.contains($0.key) }
            for key in dropped.keys { held.readers[key] = nil }
            return dropped.filter { $0.value == .prepared }.keys.flatMap { (held.elements[$0] ?? []).compactMap(\.instance) }
        }
        for instance in stopping { instance.holdUntilStop() }
    }

    func started(_ instance: CacheSourceInstance, on key: CacheKey) {
        table.withLock { held in
            var list = (held.elements[key] ?? []).filter { $0.instance != nil }
            list.append(Weak(instance: instance))
            held.elements[key] = list
        }
    }

    func stopped(_ instance: CacheSourceInstance, on key: CacheKey) {
        table.withLock { held in
            let list = (held.elements[key] ?? []).filter { $0.instance != nil && $0.instance !== instance }
            held.elements[key] = list.isEmpty ? nil : list
        }
    }
}
