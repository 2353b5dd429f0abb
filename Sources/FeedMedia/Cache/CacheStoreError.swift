import FeedGObject
import Foundation

/// Why the range store could not do what was asked, as one line a person can act on.
public enum CacheStoreError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The disk is full (ENOSPC or a quota); the text says what could not
    /// be done ("could not write the index").
    case diskFull(String)
    /// A file operation failed; the text says which and why.
    case io(String)
    /// Bytes the index claims could not be read back; evict the key and fetch again.
    case corrupt(String)
    /// An earlier write failed for good (a full or failing disk): the store
    /// no longer writes this session; what it holds is still read.
    case unwritable(String)

    /// Whether a write failed because the disk has no room.
    public var isDiskFull: Bool {
        if case .diskFull = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case .diskFull(let what):
            // Translators: what failed, like "could not write the index".
            return tr("The disk is full: the media cache %1$s; free some space or lower the cache size.").filled(what)
        case .io(let reason):
            return tr("The media cache could not use its files: %1$s.").filled(reason)
        case .corrupt(let what):
            return tr("The media cache's copy of %1$s is damaged; it will be fetched again.").filled(what)
        case .unwritable(let reason):
            return tr("The media cache cannot be written (%1$s); videos play straight from the network.").filled(reason)
        }
    }
}
