/// What the media cache did since it was opened, for diagnostics and
/// `flick bench`. All counts are in bytes. A plain value.
public struct CacheStatistics: Sendable, Equatable {
    /// Network body bytes fetched for the current item.
    public var activeBytes: Int64 = 0
    /// Network body bytes fetched ahead for items that were not current.
    public var speculativeBytes: Int64 = 0
    /// Speculative bytes of items that left the preload plan unplayed.
    public var wastedBytes: Int64 = 0
    /// Bytes players read that were on disk when they asked.
    public var hitBytes: Int64 = 0
    /// Bytes players read that they had to wait for the network for.
    public var missBytes: Int64 = 0
    /// Bytes held on disk now, per kind.
    public var videoDiskBytes: Int64 = 0
    public var imageDiskBytes: Int64 = 0

    public init() {}

    /// Every network body byte.
    public var networkBytes: Int64 { activeBytes + speculativeBytes }

    /// Hit bytes over all bytes read; nil before any read.
    public var hitRate: Double? {
        let read = hitBytes + missBytes
        return read > 0 ? Double(hitBytes) / Double(read) : nil
    }
}
