import Foundation

/// The CPU yardstick of `flick bench`: what plain
/// `gst-launch-1.0 playbin uri=… video-sink=fakesink` spends per second of
/// one clip of the same feed, from the same server, played to its end. Its
/// start-up cost (GStreamer's registry, the process) is measured with a
/// one-buffer pipeline and taken off. Main thread.
enum PlaybinBaseline {
    /// CPU seconds per played second, or nil when gst-launch-1.0 is missing
    /// or the clip did not play to its end.
    static func measure(uri: String, durationSeconds: Double, environment: [String: String]) -> Double? {
        guard durationSeconds > 0, let launch = ChildProcess.find("gst-launch-1.0", path: environment["PATH"]) else { return nil }
        let timeout = durationSeconds * 3 + 30
        guard let startup = ChildProcess.run(launch, ["-q", "fakesrc", "num-buffers=1", "!", "fakesink"],
                                             environment: environment, timeout: 30),
              let played = ChildProcess.run(launch, ["-q", "playbin", "uri=\(uri)", "video-sink=fakesink"],
                                            environment: environment, timeout: timeout),
              played.status == 0 else { return nil }
        return max(0, played.cpuSeconds - startup.cpuSeconds) / durationSeconds
    }
}
