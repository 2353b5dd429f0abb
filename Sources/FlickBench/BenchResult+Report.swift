import FeedCore
import FeedMedia
import FlickTooling
import Foundation

extension BenchResult {
    /// The row of one run: the app's own report, what the server sent, and
    /// what the run's cache folder holds.
    init(report: StressReport, run: Temperature, network: MediaBytes, diskBytes: Int64, machine: String,
         cpuBaseline: Double?, yardsticks: Yardsticks = Yardsticks()) {
        let samples = report.ttffMilliseconds
        engine = report.engine
        mode = report.mode
        self.run = run
        seconds = report.seconds
        firstFrames = samples.count
        ttffP50 = Percentiles.value(50, of: samples)
        ttffP90 = Percentiles.value(90, of: samples)
        ttffP99 = Percentiles.value(99, of: samples)
        rebuffers = report.rebuffers
        rebufferMilliseconds = report.rebufferMilliseconds
        droppedFrames = report.droppedFrames
        cacheHitRate = report.cache?.hitRate
        networkBytes = network.total
        speculativeBytes = report.cache?.speculativeBytes ?? 0
        wastedBytes = report.cache?.wastedBytes ?? 0
        self.diskBytes = diskBytes
        playersMax = report.playersMax
        surfacesMax = report.surfacesMax
        rssStartKB = report.start.rssKB
        rssEndKB = report.end.rssKB
        rssMaxKB = report.end.peakRSSKB
        cpuPerPlayedSecond = report.playedSeconds > 1 ? report.cpuSeconds / report.playedSeconds : nil
        gtkThreadBusy = report.gtkThreadBusy
        skeletonLandings = report.skeletonLandings
        self.yardsticks = yardsticks
        self.machine = machine
        postsLanded = report.postsLanded
        leftBeforeFirstFrame = report.leftBeforeFirstFrame
        playedSeconds = report.playedSeconds
        errorsShown = report.errorsShown
        retries = report.retries
        networkVideoBytes = network.video
        networkStreamBytes = network.stream
        networkImageBytes = network.image
        cacheNetworkBytes = report.cache?.networkBytes
        rssAfter100PostsKB = report.after100Posts?.rssKB
        cpuBaselinePerPlayedSecond = cpuBaseline
        loadAverage = BenchMachine.loadAverage()
        hidden = report.hidden
        hiddenCPUShare = report.hidden?.restingCPUShare
        remount = report.remount.map { remount in
            RemountCheck(cycles: remount.cycles,
                         playersBefore: remount.baseline.players, playersAfter: remount.after.players,
                         surfacesBefore: remount.baseline.surfaces, surfacesAfter: remount.after.surfaces,
                         gstreamerThreadsBefore: remount.baseline.process.gstreamerThreads,
                         gstreamerThreadsAfter: remount.after.process.gstreamerThreads,
                         rssBeforeKB: remount.baseline.process.rssKB, rssAfterKB: remount.after.process.rssKB)
        }
    }
}
