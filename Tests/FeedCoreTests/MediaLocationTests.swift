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

    @Test("Only progressive http(s) goes through the cache; HLS is network but played directly")
    func cacheAndNetwork() {
        #expect(MediaLocation.allCases.filter(\.isCacheable) == [.http, .https])
        #expect(MediaLocation.allCases.filter(\.isNetwork) == [.http, .https, .hls])
    }
}
