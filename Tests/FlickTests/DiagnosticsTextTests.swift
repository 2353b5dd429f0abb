import FeedCore
import FeedMedia
import FeedUI
import Testing

/// The diagnostics overlay's text, from values.
@Suite("Diagnostics text")
struct DiagnosticsTextTests {
    @Test("every subject has its line, with units, in a fixed order")
    func fullSnapshot() {
        var snapshot = DiagnosticsSnapshot()
        snapshot.playersAlive = 3
        snapshot.playersPrepared = 1
        snapshot.mountedSurfaces = 5
        snapshot.ttff = Percentiles.summary(of: [0, 40, 120])
        snapshot.rebuffers = 2
        snapshot.rebufferMilliseconds = 812.4
        var cache = CacheStatistics()
        cache.activeBytes = 2_400_000
        cache.speculativeBytes = 900_000
        cache.wastedBytes = 300_000
        cache.hitBytes = 3
        cache.missBytes = 1
        cache.videoDiskBytes = 45_000_000
        cache.imageDiskBytes = 512_000
        snapshot.cache = cache
        snapshot.residentBytes = 181_400_000
        snapshot.constraints = PlanConstraints(network: .metered, memory: .pressure, powerSaver: true)
        snapshot.gtkThreadBusy = 0.184
        snapshot.decoder = "avdec_h264"
        #expect(DiagnosticsText.lines(snapshot) == [
            "Players   3 alive · 1 prepared",
            "Surfaces  5 mounted",
            "TTFF      p50 40 ms · p90 120 ms (3 posts)",
            "Rebuffers 2 (812 ms)",
            "Network   2.4 MB active · 900 kB ahead · 300 kB wasted",
            "Cache     45.0 MB videos · 512 kB pictures · 75 % hits",
            "Memory    181.4 MB resident",
            "Limits    metered, low memory, power saver",
            "GTK       18 % busy",
            "Decoder   avdec_h264 (software)",
        ])
    }

    @Test("what is not known says so instead of showing zeros")
    func emptySnapshot() {
        let lines = DiagnosticsText.lines(DiagnosticsSnapshot())
        #expect(lines[2] == "TTFF      no posts yet")
        #expect(lines[4] == "Network   not counted (no media cache)")
        #expect(lines[6] == "Memory    unknown")
        #expect(lines[7] == "Limits    not reported", "the plan's conditions are not wired")
        #expect(lines[8] == "GTK       not measured yet")
        #expect(lines[9] == "Decoder   none")
        var calm = DiagnosticsSnapshot()
        calm.constraints = PlanConstraints()
        #expect(DiagnosticsText.lines(calm)[7] == "Limits    none")
    }

    @Test("files streamed uncached because they keep changing at their origin get a cache line; none, no line")
    func uncachedFiles() {
        var snapshot = DiagnosticsSnapshot()
        snapshot.cache = CacheStatistics()
        #expect(!DiagnosticsText.lines(snapshot).contains { $0.contains("uncached") })
        snapshot.uncachedFiles = 1
        #expect(DiagnosticsText.lines(snapshot).contains("Cache     1 file keeps changing at the origin: streamed uncached"))
        snapshot.uncachedFiles = 3
        #expect(DiagnosticsText.lines(snapshot).contains("Cache     3 files keep changing at the origin: streamed uncached"))
    }

    @Test("constraints read from the plan's conditions", arguments: [
        (PlanConstraints(network: .offline), [PlanConstraints.Constraint.offline]),
        (PlanConstraints(network: .dataSaver, memory: .critical), [.dataSaver, .criticalMemory]),
        (PlanConstraints(powerSaver: true), [.powerSaver]),
        (PlanConstraints(), []),
    ])
    func constraints(conditions: PlanConstraints, active: [PlanConstraints.Constraint]) {
        #expect(conditions.active == active)
    }

    @Test("resident memory is VmRSS of /proc's status, in kB of 1,024 bytes")
    func residentMemory() {
        let status = "Name:\tflick\nVmPeak:\t  900000 kB\nVmRSS:\t  181400 kB\nThreads:\t12\n"
        let expected: Int64 = 181_400 * 1024
        #expect(ProcessMemory.residentBytes(inStatus: status) == expected)
        #expect(ProcessMemory.residentBytes(inStatus: "VmRSS:\tlots\n") == nil)
        #expect(ProcessMemory.residentBytes(inStatus: "Name:\tflick\n") == nil)
        #expect((ProcessMemory.residentBytes() ?? 0) > 0, "this process has memory")
    }
}
