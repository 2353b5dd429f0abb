import Testing
import FeedCore

/// One row of `window-visibility.json`.
struct WindowVisibilityRow: TableRow {
    var name: String
    var minimized: Bool
    var locked: Bool
    var pauseWhenHidden: Bool
    var soundOn: Bool
    var hiddenSeconds: Double
    var expected: WindowVisibility
}

@Suite("Window visibility")
struct WindowVisibilityTests {
    @Test("A hidden window rests, and releases its players after 30 s, as each row expects",
          arguments: try Table.rows("window-visibility.json", as: WindowVisibilityRow.self))
    func hiddenWindowsRest(row: WindowVisibilityRow) {
        #expect(WindowVisibility.decide(minimized: row.minimized, locked: row.locked, pauseWhenHidden: row.pauseWhenHidden,
                                        soundOn: row.soundOn, hiddenSeconds: row.hiddenSeconds) == row.expected, "\(row.name)")
    }
}
