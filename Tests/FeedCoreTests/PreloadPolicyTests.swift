import Testing
import FeedCore

/// One row of `preload-plan.json`: a situation and the whole plan expected
/// for it, in work order. Only `current` and `count` are required; the other
/// inputs default to `PreloadPolicy.Input`'s calm defaults.
struct PreloadRow: TableRow {
    var name: String
    var current: Int
    var count: Int
    var direction: ScrollDirection?
    var velocity: Double?
    var healthy: Bool?
    var network: NetworkCondition?
    var memory: MemoryCondition?
    var powerSaver: Bool?
    var tier: DeviceTier?
    var ahead: Int?
    var behind: Int?
    var flingVelocity: Double?
    var visibility: WindowVisibility?
    var expected: [PreloadPlan.Entry]
    var expectedStartup: PreloadPlan.StartupRange?
    var expectedPrepared: Int?

    var input: PreloadPolicy.Input {
        var input = PreloadPolicy.Input(currentIndex: current, count: count)
        if let direction { input.direction = direction }
        if let velocity { input.velocity = velocity }
        if let healthy { input.bufferHealthy = healthy }
        if let network { input.network = network }
        if let memory { input.memory = memory }
        if let powerSaver { input.powerSaver = powerSaver }
        if let tier { input.tier = tier }
        if let ahead { input.ahead = ahead }
        if let behind { input.behind = behind }
        if let flingVelocity { input.flingVelocity = flingVelocity }
        if let visibility { input.visibility = visibility }
        return input
    }
}

@Suite("Preload plan")
struct PreloadPolicyTests {
    static let rows = Result { try Table.rows("preload-plan.json", as: PreloadRow.self) }

    @Test("Each situation gets exactly the plan its row expects", arguments: try rows.get())
    func situationGetsExpectedPlan(row: PreloadRow) {
        let plan = PreloadPolicy.plan(row.input)
        #expect(plan.entries == row.expected, "\(row.name)")
        if let startup = row.expectedStartup {
            #expect(plan.startupRange == startup, "\(row.name)")
        }
        if let prepared = row.expectedPrepared {
            #expect(plan.preparedCount == prepared, "\(row.name)")
        }
    }

    @Test("Every plan has one P0 on the current item and stays near it", arguments: try rows.get())
    func everyPlanHasOneCurrentItem(row: PreloadRow) {
        let input = row.input
        let plan = PreloadPolicy.plan(input)
        guard input.count > 0 else {
            #expect(plan.entries.isEmpty, "\(row.name)")
            return
        }
        let current = min(max(input.currentIndex, 0), input.count - 1)
        #expect(plan.entries.filter { $0.priority == .p0 }.map(\.index) == [current], "\(row.name)")
        #expect(plan.entries.first?.index == current, "\(row.name)")
        let reach = max(input.ahead, input.behind, 0)
        #expect(plan.indices.allSatisfy { abs($0 - current) <= reach && (0..<input.count).contains($0) }, "\(row.name)")
        #expect(Set(plan.indices).count == plan.indices.count, "\(row.name): an index is planned twice")
        #expect(plan.entries.map(\.priority) == plan.entries.map(\.priority).sorted(), "\(row.name): not in priority order")
    }

    @Test("The startup range is 1.5 MiB / 3 s, or 512 KiB / 1 s when data costs", arguments: NetworkCondition.allCases)
    func startupRangeFollowsTheNetwork(network: NetworkCondition) {
        let plan = PreloadPolicy.plan(.init(currentIndex: 0, count: 10, network: network))
        let expected: PreloadPlan.StartupRange = network.isMetered
            ? .init(bytes: 524_288, milliseconds: 1000) : .init(bytes: 1_572_864, milliseconds: 3000)
        #expect(plan.startupRange == expected)
    }

    @Test("A plan answers which work it holds for an index")
    func planAnswersPerIndex() {
        let plan = PreloadPolicy.plan(.init(currentIndex: 5, count: 10))
        #expect(plan.entry(at: 6)?.video == .prepare)
        #expect(plan.entry(at: 9) == nil)
        #expect(plan.indices == [5, 6, 7, 4])
    }

    @Test("Priorities sort P0 first")
    func prioritiesSortP0First() {
        #expect(PreloadPlan.Priority.allCases.shuffled().sorted() == [.p0, .p1, .p2, .p3])
        #expect(PreloadPlan.Priority.p3 > .p1)
    }

    @Test("Machines are tiered by physical memory")
    func machinesAreTieredByMemory() {
        let gib: UInt64 = 1 << 30
        #expect(DeviceTier.forPhysicalMemory(bytes: 2 * gib) == .low)
        #expect(DeviceTier.forPhysicalMemory(bytes: 4 * gib) == .mid)
        #expect(DeviceTier.forPhysicalMemory(bytes: 8 * gib) == .mid)
        #expect(DeviceTier.forPhysicalMemory(bytes: 16 * gib) == .high)
    }
}
