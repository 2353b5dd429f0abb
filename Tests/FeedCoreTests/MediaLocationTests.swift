import FeedCore
import Testing

struct MediaLocationRow: TableRow {
    var name: String
    var address: String
    var location: MediaLocation
}

struct MediaLocationTests {
    @Test("Each address is classified as its row says", arguments: try Table.rows("media-locations.json", as: MediaLocationRow.self))
    func addressIsClassified(row: MediaLocationRow) {
        #expect(MediaLocation(row.address) == row.location, "\(row.name)")
    }

    @Test("Everything over the network goes through the cache, HLS included; local files and refused addresses do not")
    func cacheAndNetwork() {
        #expect(MediaLocation.allCases.filter(\.isCacheable) == [.http, .https, .hls])
        #expect(MediaLocation.allCases.filter(\.isNetwork) == [.http, .https, .hls])
    }
}

struct HLSPlaylistRow: TableRow {
    var name: String
    var text: String
    var final: Bool
}

struct HLSPlaylistTests {
    @Test("An HLS playlist is kept on disk only when its row says it is complete",
          arguments: try Table.rows("hls-playlist.json", as: HLSPlaylistRow.self))
    func playlistIsKept(row: HLSPlaylistRow) {
        #expect(HLSPlaylist.isFinal(row.text) == row.final, "\(row.name)")
    }
}

/// One row of `hls-limits.json`.
struct HLSLimitRow: TableRow {
    var name: String
    var length: Int64?
    var longestLine: Int
    var refused: String?
}

struct HLSLimitTests {
    @Test("An HLS playlist past its limits is refused with the reason its row says", arguments: try Table.rows("hls-limits.json", as: HLSLimitRow.self))
    func refusal(row: HLSLimitRow) {
        #expect(HLSPlaylist.refusal(length: row.length, longestLine: row.longestLine) == row.refused, "\(row.name)")
    }
}
