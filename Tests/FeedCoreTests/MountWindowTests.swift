import Foundation
import Testing
import FeedCore

/// One row of `mount-window.json`: the window for a current index, and the
/// operations from the window of `previous` (when given) to it.
///
/// Windows are written as `[lower, upper]` half-open pairs; operations as
/// `"mount 3"`, `"unmount 0"` or `"move 0>5"`.
struct MountWindowRow: TableRow {
    var name: String
    var current: Int
    var count: Int
    var radius: Int?
    var expectedRange: [Int]
    var previous: Previous?
    var expectedOperations: [String]?

    struct Previous: Codable, Sendable {
        var current: Int
        var count: Int
    }

    var range: Range<Int> {
        if let radius { return MountWindow.range(current: current, count: count, radius: radius) }
        return MountWindow.range(current: current, count: count)
    }
}

extension MountWindow.Operation {
    /// The table's spelling of an operation.
    var tableText: String {
        switch self {
        case .mount(let index): "mount \(index)"
        case .unmount(let index): "unmount \(index)"
        case .move(let from, let to): "move \(from)>\(to)"
        }
    }
}

@Suite("Mount window")
struct MountWindowTests {
    @Test("The mounted pages are the window around the current page", arguments: try Table.rows("mount-window.json", as: MountWindowRow.self))
    func mountedPagesAreTheWindow(row: MountWindowRow) throws {
        try #require(row.expectedRange.count == 2, "\(row.name): expectedRange must be [lower, upper]")
        let range = row.range
        #expect([range.lowerBound, range.upperBound] == row.expectedRange, "\(row.name)")
    }

    @Test("Moving the window rebinds leaving pages before mounting new ones", arguments: try Table.rows("mount-window.json", as: MountWindowRow.self))
    func movingWindowRebindsPages(row: MountWindowRow) throws {
        guard let previous = row.previous else {
            #expect(row.expectedOperations == nil, "\(row.name): expectedOperations needs previous")
            return
        }
        let expected = try #require(row.expectedOperations, "\(row.name): previous needs expectedOperations")
        let old: Range<Int>
        if let radius = row.radius {
            old = MountWindow.range(current: previous.current, count: previous.count, radius: radius)
        } else {
            old = MountWindow.range(current: previous.current, count: previous.count)
        }
        let operations = MountWindow.operations(from: old, to: row.range)
        #expect(operations.map(\.tableText) == expected, "\(row.name)")
    }

    @Test("Applying the operations turns the old window into the new one", arguments: try Table.rows("mount-window.json", as: MountWindowRow.self))
    func applyingOperationsGivesNewWindow(row: MountWindowRow) {
        guard let previous = row.previous else { return }
        let old = MountWindow.range(current: previous.current, count: previous.count, radius: row.radius ?? 2)
        var mounted = Set(old)
        for operation in MountWindow.operations(from: old, to: row.range) {
            switch operation {
            case .mount(let index):
                #expect(mounted.insert(index).inserted, "\(row.name): \(index) mounted twice")
            case .unmount(let index):
                #expect(mounted.remove(index) != nil, "\(row.name): \(index) was not mounted")
            case .move(let from, let to):
                #expect(mounted.remove(from) != nil, "\(row.name): \(from) was not mounted")
                #expect(mounted.insert(to).inserted, "\(row.name): \(to) mounted twice")
            }
        }
        #expect(mounted == Set(row.range), "\(row.name)")
    }

    @Test("Operations survive a JSON round trip")
    func operationsRoundTripThroughJSON() throws {
        let operations: [MountWindow.Operation] = [.mount(1), .unmount(2), .move(from: 3, to: 4)]
        let data = try JSONEncoder().encode(operations)
        #expect(try JSONDecoder().decode([MountWindow.Operation].self, from: data) == operations)
    }
}
