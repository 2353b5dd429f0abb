import FeedMedia
import Foundation

/// What Linux says about a process in /proc: resident memory, CPU time and
/// threads. Read by the app about itself (`/proc/self`) for `--stress-report`.
/// A plain value; reading it is a few small file reads on the calling thread.
package struct ProcessSample: Sendable, Equatable, Codable {
    /// Resident memory now (VmRSS), in kB.
    package var rssKB: Int
    /// The most resident memory the process has had (VmHWM), in kB.
    package var peakRSSKB: Int
    /// User plus system CPU time of every thread so far, in seconds.
    package var cpuSeconds: Double
    /// Threads of the process.
    package var threads: Int
    /// Threads GStreamer runs for pipelines: its streaming tasks are named
    /// after their element and pad (`qtdemux0:sink`, `multiqueue0:src`).
    package var gstreamerThreads: Int

    package enum CodingKeys: String, CodingKey {
        case rssKB = "rss_kb", peakRSSKB = "rss_peak_kb", cpuSeconds = "cpu_s", threads
        case gstreamerThreads = "gst_threads"
    }

    /// Reads `/proc/<pid>` (`self` by default); nil when it cannot be read.
    package static func read(pid: String = "self") -> ProcessSample? {
        let base = "/proc/\(pid)"
        guard let status = try? String(contentsOfFile: base + "/status", encoding: .utf8),
              let stat = try? String(contentsOfFile: base + "/stat", encoding: .utf8) else { return nil }
        func kB(_ field: String) -> Int? {
            ProcessMemory.kilobytes(field, inStatus: status).map { Int($0) }
        }
        guard let cpu = ProcStat.cpuSeconds(inStat: stat),
              let rss = kB("VmRSS") else { return nil }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: base + "/task")) ?? []).map { task in
            (try? String(contentsOfFile: "\(base)/task/\(task)/comm", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        }
        return ProcessSample(rssKB: rss, peakRSSKB: kB("VmHWM") ?? rss,
                             cpuSeconds: cpu,
                             threads: names.count,
                             gstreamerThreads: names.filter(Self.isGStreamerThread).count)
    }

    /// GStreamer names a pad task's thread `element:pad`; our own queues are
    /// named `flick:…`.
    package static func isGStreamerThread(_ name: String) -> Bool {
        name.contains(":") && !name.hasPrefix("flick")
    }
}
