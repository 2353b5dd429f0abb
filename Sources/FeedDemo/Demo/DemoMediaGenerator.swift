import FeedMedia
import Foundation
import FeedCore

/// Makes the built-in demo feed's media with GStreamer on first run and finds
/// it again on later runs.
///
/// Files are written under temporary names and renamed into place, and
/// `manifest.json` is written last: an interrupted run keeps what it finished
/// and makes only the rest next time. Not tied to a thread; `generate` blocks.
public struct DemoMediaGenerator: Sendable {
    public let directory: URL
    let plan: DemoMediaPlan

    /// How many pipelines run at once: two keep two cores busy.
    static let lanes = 2

    public init(directory: URL, clipCount: Int = 30, clipSize: PixelSize = PixelSize(width: 540, height: 960)) {
        self.directory = directory
        self.plan = DemoMediaPlan(clipCount: clipCount, clipSize: clipSize)
    }

    var manifestURL: URL { directory.appendingPathComponent("manifest.json") }

    /// The library already on disk (manifest written last, every file present
    /// with non-zero size), or nil.
    public func existingLibrary() -> DemoMediaLibrary? {
        let expected = plan.library(in: directory)
        guard let data = FileManager.default.contents(atPath: manifestURL.path),
              let manifest = try? JSONDecoder().decode(DemoMediaManifest.self, from: data),
              manifest == DemoMediaManifest(version: DemoMediaManifest.currentVersion, library: expected) else {
            return nil
        }
        let files = expected.clips.flatMap { [$0.video, $0.poster] } + expected.pictures.map(\.url)
        return files.allSatisfy(Self.isComplete) ? expected : nil
    }

    /// Generates what is missing and returns the complete library. Blocking:
    /// call from a background thread. `progress(fraction 0...1, message)`
    /// is called from that thread.
    public func generate(progress: @Sendable (Double, String) -> Void) throws -> DemoMediaLibrary {
        try MediaRuntime.initialize()
        if let library = existingLibrary() {
            progress(1, "Demo media ready")
            return library
        }
        try prepareDirectory()
        removeFilesOfAnotherPlan()
        let jobs = missingJobs()
        try checkFreeSpace(for: jobs)

        let total = max(jobs.reduce(0) { $0 + $1.weight }, 1)
        var done = 0.0
        var message = jobs.first?.message ?? "Demo media ready"
        progress(0, message)
        let directory = self.directory
        try ParallelJobs.run(
            count: jobs.count, lanes: Self.lanes,
            job: { index in try jobs[index].render(in: directory) },
            onStart: { index in
                message = jobs[index].message
                progress(min(done / total, 1), message)
            },
            onFinish: { index in
                done += jobs[index].weight
                progress(min(done / total, 1), message)
            })

        let library = plan.library(in: directory)
        try writeManifest(DemoMediaManifest(version: DemoMediaManifest.currentVersion, library: library))
        progress(1, "Demo media ready")
        return library
    }

    /// One job per file that is not there yet, clips first.
    func missingJobs() -> [DemoMediaJob] {
        var jobs: [DemoMediaJob] = []
        let clipCount = plan.clips.count
        let encoder = MediaRuntime.aacEncoder
        for clip in plan.clips {
            let message = "Making clip \(clip.number) of \(clipCount)"
            let video = directory.appendingPathComponent(clip.videoName)
            if !Self.isComplete(video) {
                jobs.append(DemoMediaJob(item: "clip \(clip.number)", message: message,
                                         weight: Double(clip.duration), target: video,
                                         pipeline: DemoPipelines.clipVideo(clip, aacEncoder: encoder),
                                         timeout: 60 + Double(clip.duration) * 10))
            }
            let poster = directory.appendingPathComponent(clip.posterName)
            if !Self.isComplete(poster) {
                jobs.append(DemoMediaJob(item: "poster of clip \(clip.number)", message: message,
                                         weight: 0.2, target: poster,
                                         pipeline: DemoPipelines.clipPoster(clip), timeout: 30))
            }
        }
        let pictureCount = plan.pictures.count
        for picture in plan.pictures {
            let url = directory.appendingPathComponent(picture.fileName)
            guard !Self.isComplete(url) else { continue }
            jobs.append(DemoMediaJob(item: "picture \(picture.number)",
                                     message: "Making picture \(picture.number) of \(pictureCount)",
                                     weight: Double(picture.size.width * picture.size.height) / 4_000_000,
                                     target: url, pipeline: DemoPipelines.picture(picture),
                                     strings: [.init(element: "label", property: "text",
                                                     value: DemoPipelines.pictureLabel(picture))],
                                     timeout: 60))
        }
        return jobs
    }

    /// Creates the directory and clears temporary files an earlier, killed run left behind.
    private func prepareDirectory() throws {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw Self.writeError(error, directory: directory)
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let stale = Date().addingTimeInterval(-600)
        for name in names where name.hasPrefix(".") && name.hasSuffix(".part") {
            let path = directory.appendingPathComponent(name).path
            let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
            if let modified, modified < stale { unlink(path) }
        }
    }

    /// A manifest for other settings (clip size or count, or an older look)
    /// means the files here are not the ones this plan would make: remove them
    /// so they are made again, rather than kept because they exist.
    private func removeFilesOfAnotherPlan() {
        guard let data = FileManager.default.contents(atPath: manifestURL.path) else { return }
        let expected = DemoMediaManifest(version: DemoMediaManifest.currentVersion, library: plan.library(in: directory))
        if let manifest = try? JSONDecoder().decode(DemoMediaManifest.self, from: data), manifest == expected { return }
        unlink(manifestURL.path)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasPrefix("clip-") || name.hasPrefix("picture-") {
            unlink(directory.appendingPathComponent(name).path)
        }
    }

    /// Fails early, with a clear message, when the disk clearly cannot hold what is left to make.
    private func checkFreeSpace(for jobs: [DemoMediaJob]) throws {
        guard let attributes = try? FileManager.default.attributesOfFileSystem(forPath: directory.path),
              let free = (attributes[.systemFreeSize] as? NSNumber)?.int64Value else { return }
        // Measured: about 180 KB per second of 540x960 clip, 0.1 byte per picture pixel; keep a margin.
        let clipPixels = Double(plan.clips.first.map { $0.size.width * $0.size.height } ?? 0) / (540 * 960)
        var needed = 4_000_000.0
        for job in jobs {
            if job.item.hasPrefix("picture") { needed += job.weight * 4_000_000 * 0.5 }
            else { needed += job.weight * 250_000 * max(clipPixels, 1) }
        }
        if Double(free) < needed { throw DemoMediaError.noSpace(directory: directory.path) }
    }

    private func writeManifest(_ manifest: DemoMediaManifest) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            let data = try encoder.encode(manifest)
            try data.write(to: manifestURL, options: .atomic)
        } catch {
            throw Self.writeError(error, directory: directory)
        }
    }

    private static func writeError(_ error: any Error, directory: URL) -> DemoMediaError {
        if let cocoa = error as? CocoaError, cocoa.code == .fileWriteOutOfSpace {
            return .noSpace(directory: directory.path)
        }
        let posix = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if posix?.domain == NSPOSIXErrorDomain && posix?.code == Int(ENOSPC) {
            return .noSpace(directory: directory.path)
        }
        return .cannotWrite(directory: directory.path, reason: (error as NSError).localizedDescription)
    }

    /// A file under its final name exists with some bytes (temp + rename makes it complete).
    static func isComplete(_ url: URL) -> Bool {
        var info = stat()
        return stat(url.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && info.st_size > 0
    }
}
