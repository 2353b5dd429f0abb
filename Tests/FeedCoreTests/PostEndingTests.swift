import Testing
import FeedCore

/// One row of `post-ending.json`: what happens when a post is over, and
/// whether its shown time is counted at all.
struct PostEndingRow: TableRow {
    var name: String
    var whenFinished: WhenFinished
    var post: PostEnding.Post
    var trigger: PostEnding.Trigger
    var showsError: Bool?
    var lastOfEndedFeed: Bool?
    var visible: Bool?
    var expected: PostEnding.Action
    var timed: Bool
}

@Suite("When a post ends")
struct PostEndingTests {
    @Test("Each row's post loops, pages on or stays, and is timed or not, as the row expects",
          arguments: try Table.rows("post-ending.json", as: PostEndingRow.self))
    func decide(row: PostEndingRow) {
        let input = PostEnding.Input(whenFinished: row.whenFinished, post: row.post, trigger: row.trigger,
                                     showsError: row.showsError ?? false, lastOfEndedFeed: row.lastOfEndedFeed ?? false)
        #expect(PostEnding.decide(input) == row.expected, "\(row.name)")
        #expect(PostEnding.timesPost(whenFinished: row.whenFinished, post: row.post, showsError: row.showsError ?? false,
                                     lastOfEndedFeed: row.lastOfEndedFeed ?? false, visible: row.visible ?? true) == row.timed,
                "\(row.name)")
    }

    @Test("a toggles loop and next; from stop it goes to next; photo seconds stay within 2 to 60")
    func toggleAndSeconds() {
        #expect(WhenFinished.loop.toggled == .next)
        #expect(WhenFinished.next.toggled == .loop)
        #expect(WhenFinished.stop.toggled == .next)
        #expect(WhenFinished.photoSeconds(0) == 2 && WhenFinished.photoSeconds(6) == 6 && WhenFinished.photoSeconds(600) == 60)
        #expect(WhenFinished.photoSeconds(Int.min) == 2 && WhenFinished.photoSeconds(Int.max) == 60)
    }
}
