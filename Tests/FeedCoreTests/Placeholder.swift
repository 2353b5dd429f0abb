import Testing
@testable import FeedCore
@Test func itemsRoundTripThroughJSON() throws {
    let item = FeedItem(id: "a", kind: .video, uri: "file:///a.mp4")
    let data = try JSONEncoder().encode(item)
    #expect(try JSONDecoder().decode(FeedItem.self, from: data) == item)
}
import Foundation
