import Testing
@testable import FeedMedia
@testable import FeedDemo

@Suite("Which bytes the media server answers a Range with")
struct MediaServerRangeSelectionTests {
    typealias Requested = RangeSelection.Requested

    static let table: [(requested: [Requested]?, length: Int, expected: RangeSelection)] = [
        (nil, 1000, .whole),
        ([Requested(start: 100, end: 199)], 1000, .partial(start: 100, end: 199)),
        ([Requested(start: 990, end: 5000)], 1000, .partial(start: 990, end: 999)),
        ([Requested(start: 999, end: 999)], 1000, .partial(start: 999, end: 999)),
        ([Requested(start: 1000, end: 1099)], 1000, .unsatisfiable),
        // A suffix longer than the body: libsoup hands a negative start.
        ([Requested(start: -500, end: 99)], 100, .partial(start: 0, end: 99)),
        // "bytes=-0": the suffix of nothing.
        ([Requested(start: 100, end: 99)], 100, .unsatisfiable),
        ([Requested(start: 0, end: -1)], 0, .unsatisfiable),
        ([Requested(start: 2000, end: 2100), Requested(start: 10, end: 19)], 1000, .partial(start: 10, end: 19)),
        ([Requested(start: 10, end: 19), Requested(start: 50, end: 59)], 1000, .partial(start: 10, end: 19)),
    ]

    @Test("each row of the table", arguments: table.indices)
    func row(_ index: Int) {
        let row = Self.table[index]
        #expect(RangeSelection.select(row.requested, length: row.length) == row.expected)
    }
}
