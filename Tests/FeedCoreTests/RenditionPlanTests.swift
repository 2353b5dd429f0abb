import Foundation
import Testing
@testable import FeedCore

struct RenditionPlanRow: TableRow {
    var name: String
    /// `[width, height, bandwidth]`, 0 for unknown.
    var variants: [[Int]]
    var page: [Int]
    var fit: String?
    var throughput: Int?
    var network: String?
    var quality: String?
    var previous: Int?
    var seconds: Double?
    var failed: [Int]?
    var forced: Int?
    var chosen: Int?
    /// hlsdemux's `connection-speed` for the choice.
    var kbps: UInt32?
}

struct HLSVariantsRow: TableRow {
    var name: String
    var text: String?
    /// A master of this many renditions, made by the test.
    var `repeat`: Int?
    var variants: [[Int]]?
    var count: Int?
}

/// Which HLS rendition a player plays, and what a master lists.
struct RenditionPlanTests {
    static func variant(_ parts: [Int]) -> HLSVariant {
        HLSVariant(bandwidth: parts[2] > 0 ? parts[2] : nil, width: parts[0] > 0 ? parts[0] : nil,
                   height: parts[1] > 0 ? parts[1] : nil)
    }

    @Test("a player plays the rendition the row says", arguments: try Table.rows("rendition-plan.json", as: RenditionPlanRow.self))
    func plan(row: RenditionPlanRow) throws {
        let variants = row.variants.map(Self.variant)
        let inputs = RenditionPlan.Inputs(
            variants: variants, page: PixelSize(width: row.page[0], height: row.page[1]),
            fit: row.fit.flatMap(ContentFit.init(rawValue:)) ?? .contain, throughput: row.throughput,
            network: row.network.flatMap(NetworkCondition.init(rawValue:)) ?? .unmetered,
            quality: try #require(VideoQuality(setting: row.quality ?? "auto")), previous: row.previous,
            secondsSinceSwitch: row.seconds, failed: Set(row.failed ?? []), forced: row.forced)
        let chosen = RenditionPlan.choose(inputs)
        #expect(chosen == row.chosen, "\(row.name)")
        if let kbps = row.kbps, let chosen {
            #expect(RenditionPlan.connectionSpeedKbps(for: chosen, in: variants) == kbps, "\(row.name)")
        }
    }

    @Test("a master's renditions read as the row says", arguments: try Table.rows("hls-variants.json", as: HLSVariantsRow.self))
    func variants(row: HLSVariantsRow) {
        let text = row.text ?? ("#EXTM3U\n" + (0..<(row.repeat ?? 0)).map { "#EXT-X-STREAM-INF:BANDWIDTH=\(1000 + $0)\nv\($0).m3u8\n" }.joined())
        let parsed = HLSVariant.parse(text)
        if let expected = row.variants {
            #expect(parsed == expected.map(Self.variant), "\(row.name)")
        }
        if let count = row.count { #expect(parsed.count == count, "\(row.name)") }
    }

    @Test("files are chosen for the page's height, lowered to the cap, and to 360 lines when saving data")
    func fileHeight() {
        #expect(RenditionChoice.height(page: 760, quality: .automatic, saving: false) == 760)
        #expect(RenditionChoice.height(page: 1440, quality: .cap(720), saving: false) == 720)
        #expect(RenditionChoice.height(page: 480, quality: .cap(720), saving: false) == 480, "a small page needs less than the cap")
        #expect(RenditionChoice.height(page: 1440, quality: .automatic, saving: true) == 360)
        #expect(RenditionChoice.height(page: 1440, quality: .saver, saving: false) == 360)
        #expect(RenditionChoice.height(page: 0, quality: .cap(480), saving: false) == 480, "an unknown page: the cap")
        #expect(RenditionChoice.height(page: 0, quality: .automatic, saving: false) == 0, "unknown stays unknown")
        // With PeerTube's files, that height picks the cap's own file.
        let heights = [240, 360, 480, 720, 1080]
        #expect(RenditionChoice.pick(heights: heights, pageHeight: RenditionChoice.height(page: 1440, quality: .cap(480), saving: false)) == 2)
        #expect(RenditionChoice.pick(heights: heights, pageHeight: RenditionChoice.height(page: 1440, quality: .automatic, saving: true)) == 1)
    }

    @Test("the video-quality setting's values read back as they were written; others are refused")
    func qualitySetting() {
        for value in ["auto", "saver", "360", "480", "720", "1080"] {
            #expect(VideoQuality(setting: value)?.setting == value)
        }
        for value in ["", "high", "240", "2160", "-1", "720p"] { #expect(VideoQuality(setting: value) == nil, "\(value)") }
    }
}

/// What a link carries, from its downloads.
struct ThroughputEstimateTests {
    @Test("a first download sets the estimate; the next moves it halfway; small or untimed ones say nothing; absurd rates are bounded and an absurd old one forgotten")
    func estimate() {
        #expect(ThroughputEstimate.update(nil, bytes: 250_000, seconds: 1) == 2_000_000)
        #expect(ThroughputEstimate.update(2_000_000, bytes: 125_000, seconds: 1) == 1_500_000)
        #expect(ThroughputEstimate.update(2_000_000, bytes: 1_000, seconds: 0.001) == 2_000_000, "too small to time")
        #expect(ThroughputEstimate.update(2_000_000, bytes: 100_000, seconds: 0) == 2_000_000, "untimed")
        #expect(ThroughputEstimate.update(nil, bytes: 500_000, seconds: .nan) == nil)
        #expect(ThroughputEstimate.update(nil, bytes: 10_000_000, seconds: 0.000_001) == 1_000_000_000, "a disk read is no link")
        #expect(ThroughputEstimate.update(nil, bytes: 20_000, seconds: 3_600) == 10_000, "bounded below")
        #expect(ThroughputEstimate.update(Int.max, bytes: 250_000, seconds: 1) == 2_000_000, "an absurd old estimate is forgotten")
    }
}
