import Testing
import FeedCore

/// One row of `item-diff.json`: two id lists, the current index, and the
/// expected change (`unchanged`, `append` with `expectedAppended`, or
/// `replace`), position, and duplicates.
struct ItemDiffRow: TableRow {
    var name: String
    var old: [String]
    var new: [String]
    var current: Nullable<Int>
    var expectedChange: String
    var expectedAppended: Range<Int>?
    var expectedCurrent: Nullable<Int>
    var expectedKept: Bool
    var expectedDuplicates: [String]
}

extension ItemDiff.Change {
    var tableText: String {
        switch self {
        case .unchanged: "unchanged"
        case .append: "append"
        case .replace: "replace"
        }
    }
}

@Suite("Item diff")
struct ItemDiffTests {
    @Test("A new list is classified and the current item followed as the row expects", arguments: try Table.rows("item-diff.json", as: ItemDiffRow.self))
    func newListIsClassified(row: ItemDiffRow) throws {
        let result = ItemDiff.diff(.init(old: row.old, new: row.new, currentIndex: row.current.value))
        #expect(result.change.tableText == row.expectedChange, "\(row.name)")
        if case .append(let range) = result.change {
            #expect(range == row.expectedAppended, "\(row.name)")
        } else {
            #expect(row.expectedAppended == nil, "\(row.name): expectedAppended only goes with append")
        }
        #expect(result.currentIndex == row.expectedCurrent.value, "\(row.name)")
        #expect(result.currentKept == row.expectedKept, "\(row.name)")
        #expect(result.duplicateIDs == row.expectedDuplicates, "\(row.name)")
        if result.currentKept, let old = row.current.value, let new = result.currentIndex {
            #expect(row.old[old] == row.new[new], "\(row.name): the kept item is not the same id")
        }
    }

    @Test("Items diff by their ids")
    func itemsDiffByIDs() {
        let a = FeedItem(id: "a", kind: .video, uri: "file:///a.mp4")
        let b = FeedItem(id: "b", kind: .image, uri: "file:///b.jpg")
        let result = ItemDiff.diff(.init(old: [a], new: [a, b], currentIndex: 0))
        #expect(result.change == .append(1..<2))
    }
}
