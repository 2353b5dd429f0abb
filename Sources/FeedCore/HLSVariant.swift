// Pure: values only, imports Foundation at most.

import Foundation

/// One rendition an HLS master playlist lists (`#EXT-X-STREAM-INF`): its
/// peak bandwidth and picture size when the master gives them, and where
/// it is in the master's order (which is what the demuxer numbers).
public struct HLSVariant: Sendable, Hashable, Codable {
    /// Bits per second (`BANDWIDTH`); nil when missing or not a number.
    public var bandwidth: Int?
    /// Pixels (`RESOLUTION=WxH`); nil when missing or not one.
    public var width: Int?
    public var height: Int?

    public init(bandwidth: Int?, width: Int?, height: Int?) {
        self.bandwidth = bandwidth
        self.width = width
        self.height = height
    }

    /// The "p" of its name: the shorter side (a 480×854 portrait video is
    /// 480p), or the height alone; nil when the size is not known.
    public var lines: Int? {
        guard let height else { return nil }
        return width.map { min($0, height) } ?? height
    }

    /// `WxH@BANDWIDTH` (`480x854@1035505`), what `--report-state` names it by;
    /// unknown parts are 0.
    public var label: String { "\(width ?? 0)x\(height ?? 0)@\(bandwidth ?? 0)" }

    /// The longest master read, in bytes (a master of 32 renditions is a
    /// few KiB); one longer is not weighed and the demuxer picks alone.
    public static let maxMasterBytes = 1_048_576
    /// The most renditions read from one master: more are ignored (a master
    /// of hundreds is hostile or broken, and every one is a choice to weigh).
    public static let maxVariants = 32
    /// The largest bandwidth believed, in bits per second (1 Gbit/s).
    public static let maxBandwidth = 1_000_000_000
    /// The largest side believed, in pixels.
    public static let maxSide = 16_384

    /// The renditions of `text` when it is a master playlist, in its order
    /// (at most ``maxVariants``); empty for a media playlist or anything else.
    public static func parse(_ text: String) -> [HLSVariant] {
        var variants: [HLSVariant] = []
        var sawHeader = false
        for raw in text.split(whereSeparator: \.isNewline) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if !sawHeader {
                guard line.hasPrefix("#EXTM3U") else { return [] }
                sawHeader = true
                continue
            }
            guard line.hasPrefix("#EXT-X-STREAM-INF:") else { continue }
            let attributes = Self.attributes(line.dropFirst("#EXT-X-STREAM-INF:".count))
            let bandwidth = attributes["BANDWIDTH"].flatMap { Int($0) }.flatMap { (1...maxBandwidth).contains($0) ? $0 : nil }
            var width: Int?
            var height: Int?
            if let resolution = attributes["RESOLUTION"] {
                let sides = resolution.lowercased().split(separator: "x").compactMap { Int($0) }
                if sides.count == 2, sides.allSatisfy({ (1...maxSide).contains($0) }) { (width, height) = (sides[0], sides[1]) }
            }
            variants.append(HLSVariant(bandwidth: bandwidth, width: width, height: height))
            if variants.count == maxVariants { break }
        }
        return variants
    }

    /// `NAME=VALUE` pairs of an attribute list; quoted values may hold commas.
    private static func attributes(_ list: Substring) -> [String: String] {
        var result: [String: String] = [:]
        var name = ""
        var value = ""
        var inName = true
        var quoted = false
        func flush() {
            let key = name.trimmingCharacters(in: .whitespaces).uppercased()
            if !key.isEmpty, result[key] == nil { result[key] = value.trimmingCharacters(in: CharacterSet(charactersIn: "\" ")) }
            name = ""
            value = ""
            inName = true
        }
        for character in list {
            if inName {
                if character == "=" { inName = false } else if character == "," { flush() } else { name.append(character) }
            } else if character == "\"" {
                quoted.toggle()
                value.append(character)
            } else if character == ",", !quoted {
                flush()
            } else {
                value.append(character)
            }
        }
        flush()
        return result
    }
}
