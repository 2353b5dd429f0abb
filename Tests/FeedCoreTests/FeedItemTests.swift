import Foundation
import Testing
import FeedCore

@Suite("Feed item")
struct FeedItemTests {
    @Test("Items round-trip through JSON")
    func itemsRoundTripThroughJSON() throws {
        let item = FeedItem(id: "a", kind: .video, uri: "file:///a.mp4", poster: "file:///a.jpg",
                            width: 720, height: 1280, duration: 12.5, title: "A", accessibilityLabel: "a clip")
        let data = try JSONEncoder().encode(item)
        #expect(try JSONDecoder().decode(FeedItem.self, from: data) == item)
    }
}
