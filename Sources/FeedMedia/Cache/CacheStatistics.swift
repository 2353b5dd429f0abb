/// What the media cache did since it was opened, for diagnostics and
/// `flick bench` (the stress report carries it as JSON, snake_case keys,
/// with `hit_rate` written for readers). All counts are in bytes. A plain value.
public struct CacheStatistics: Sendable, Equatable, Codable {
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

    private enum CodingKeys: String, CodingKey {
        case activeBytes = "active_bytes", speculativeBytes = "speculative_bytes", wastedBytes = "wasted_bytes"
        case hitBytes = "hit_bytes", missBytes = "miss_bytes", videoDiskBytes = "video_disk_bytes"
        case imageDiskBytes = "image_disk_bytes", hitRate = "hit_rate"
    }

    public init(from decoder: Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        activeBytes = try values.decode(Int64.self, forKey: .activeBytes)
        speculativeBytes = try values.decode(Int64.self, forKey: .speculativeBytes)
        wastedBytes = try values.decode(Int64.self, forKey: .wastedBytes)
        hitBytes = try values.decode(Int64.self, forKey: .hitBytes)
        missBytes = try values.decode(Int64.self, forKey: .missBytes)
        videoDiskBytes = try values.decode(Int64.self, forKey: .videoDiskBytes)
        imageDiskBytes = try values.decode(Int64.self, forKey: .imageDiskBytes)
    }

    public func encode(to encoder: Encoder) throws {
        var values = encoder.container(keyedBy: CodingKeys.self)
        try values.encode(activeBytes, forKey: .activeBytes)
        try values.encode(speculativeBytes, forKey: .speculativeBytes)
        try values.encode(wastedBytes, forKey: .wastedBytes)
        try values.encode(hitBytes, forKey: .hitBytes)
        try values.encode(missBytes, forKey: .missBytes)
        try values.encode(videoDiskBytes, forKey: .videoDiskBytes)
        try values.encode(imageDiskBytes, forKey: .imageDiskBytes)
        try values.encodeIfPresent(hitRate, forKey: .hitRate)
    }

    /// Hit bytes over all bytes read; nil before any read.
    public var hitRate: Double? {
        let read = hitBytes + missBytes
        return read > 0 ? Double(hitBytes) / Double(read) : nil
    }
}
