import FeedCore
import Testing

struct AvatarRuleRow: TableRow {
    var name: String
    var picture: AvatarRule.Picture
    var authors: [String]
    var expected: Bool
}

@Suite("An item's avatar or icon is no post")
struct AvatarRuleTests {
    @Test("a picture is an avatar by its address, its size or the author it names, as each row expects",
          arguments: try Table.rows("avatar-rules.json", as: AvatarRuleRow.self))
    func avatar(row: AvatarRuleRow) {
        #expect(AvatarRule.isAvatar(row.picture, authors: row.authors) == row.expected, "\(row.name)")
    }
}
