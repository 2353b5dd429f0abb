import FeedCore
import Testing

struct ListPagingRow: TableRow {
    var name: String
    var gathered: Int?
    var listEnded: Bool?
    var pagesRead: Int?
    var step: ListPaging.Step?
    var status: Int?
    var atStart: Bool?
    var fallsBack: Bool?
}

@Suite("A service's list is followed a few pages for new posts, and short falls back to recent")
struct ListPagingTests {
    @Test("each row's load goes on or hands over, or falls back, as it expects",
          arguments: try Table.rows("list-paging.json", as: ListPagingRow.self))
    func paging(row: ListPagingRow) throws {
        if let step = row.step {
            let gathered = try #require(row.gathered), ended = try #require(row.listEnded), read = try #require(row.pagesRead)
            #expect(ListPaging.afterPage(gathered: gathered, listEnded: ended, pagesRead: read) == step, "\(row.name)")
        }
        if let fallsBack = row.fallsBack {
            let status = try #require(row.status), atStart = try #require(row.atStart)
            #expect(ListPaging.fallsBackToRecent(status: status, atStart: atStart) == fallsBack, "\(row.name)")
        }
        #expect(row.step != nil || row.fallsBack != nil, "\(row.name) checks nothing")
    }

    @Test("short means two minutes at most, and a load reads four list pages at most")
    func numbers() {
        #expect(ListPaging.shortSeconds == 120)
        #expect(ListPaging.pagesFollowed == 4)
    }
}
