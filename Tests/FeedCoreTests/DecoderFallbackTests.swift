import FeedCore
import Testing

struct DecoderFallbackRow: TableRow {
    var name: String
    /// `plug-hardware`, `plug-software`, `plug-other`, `fail`, `restart`, `reopen`.
    var steps: [String]
    /// What each `fail` answered, in order: true, tried again in software.
    var retries: [Bool]
    var allowsHardware: Bool
}

@Suite("A failing hardware decoder falls back to software once per binding")
struct DecoderFallbackTests {
    @Test("each row's steps give its retries and what is allowed after",
          arguments: try Table.rows("decoder-fallback.json", as: DecoderFallbackRow.self))
    func fallback(row: DecoderFallbackRow) throws {
        var fallback = DecoderFallback()
        var retries: [Bool] = []
        for step in row.steps {
            switch step {
            case "plug-hardware": fallback.plug(.hardwareVideoDecoder)
            case "plug-software": fallback.plug(.softwareVideoDecoder)
            case "plug-other": fallback.plug(.other)
            case "fail": retries.append(fallback.failed())
            case "restart": fallback.restart()
            case "reopen": fallback.reopen()
            default: Issue.record("\(row.name): unknown step \(step)")
            }
        }
        #expect(retries == row.retries, "\(row.name)")
        #expect(fallback.allows(.hardwareVideoDecoder) == row.allowsHardware, "\(row.name)")
        #expect(fallback.allows(.softwareVideoDecoder), "\(row.name): software is always allowed")
    }
}
