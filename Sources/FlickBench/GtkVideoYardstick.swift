import CGLib
import CGtk
import FeedGObject
import FeedMedia
import FlickTooling
import Foundation

/// The first yardstick of `flick bench`: GTK's own video widget (GtkVideo,
/// through libgtk-4-media-gstreamer) playing one demo clip, looping and
/// muted, in a plain window of the bench window's size on the bench's
/// display. It runs in a child process of this binary (the hidden command
/// `flick bench-gtkvideo URI WIDTH HEIGHT SECONDS RESULT`), which counts its
/// own CPU time from its first frame to the end over that wall time, and
/// its peak memory, and writes them to RESULT as JSON. Main thread.
@MainActor
enum GtkVideoYardstick {
    /// What the child is asked to do.
    struct Request: Equatable, Sendable {
        var uri: String
        var width: Int32
        var height: Int32
        var seconds: Int

        /// The hidden command's arguments after its name; nil when malformed.
        init?(arguments: [String]) {
            guard arguments.count == 5, let width = Int32(arguments[1]), let height = Int32(arguments[2]),
                  let seconds = Int(arguments[3]), (1...3600).contains(seconds), width > 0, height > 0 else { return nil }
            self.init(uri: arguments[0], width: width, height: height, seconds: seconds)
            result = arguments[4]
        }

        init(uri: String, width: Int32, height: Int32, seconds: Int) {
            self.uri = uri
            self.width = width
            self.height = height
            self.seconds = seconds
        }

        /// Where the child writes its ``Measurement``.
        var result = ""
    }

    /// What the child measured.
    struct Measurement: Codable, Equatable, Sendable {
        /// CPU seconds of the whole process per second played.
        var cpuPerPlayedSecond: Double
        /// Peak resident memory (VmHWM), in kB.
        var rssMaxKB: Int
        /// Frames GtkVideo's stream delivered while measured.
        var frames: Int

        enum CodingKeys: String, CodingKey {
            case cpuPerPlayedSecond = "cpu_per_played_s", rssMaxKB = "rss_max_kb", frames
        }
    }

    /// The hidden command's name.
    nonisolated static let command = "bench-gtkvideo"

    /// Seconds the child waits for GtkVideo's first frame before giving up.
    static let firstFrameTimeout = 30.0

    /// The parent's side: runs the child and reads what it measured; nil
    /// (with a note saying why) when it could not.
    static func measure(binary: String, request: Request, work: URL, environment: [String: String],
                        note: (String) -> Void) -> Measurement? {
        let result = work.appendingPathComponent("gtkvideo.json")
        try? FileManager.default.removeItem(at: result)
        let arguments = [command, request.uri, "\(request.width)", "\(request.height)", "\(request.seconds)", result.path]
        guard let run = ChildProcess.run(binary, arguments, environment: environment,
                                         timeout: Double(request.seconds) + firstFrameTimeout + 30) else {
            note("no GtkVideo yardstick: its window did not finish in time")
            return nil
        }
        guard run.status == 0, let data = try? Data(contentsOf: result),
              let measurement = try? JSONDecoder().decode(Measurement.self, from: data) else {
            note("no GtkVideo yardstick: it exited with \(run.status) (is libgtk-4-media-gstreamer installed? meson-helpers/setup-debian.sh installs it)")
            return nil
        }
        return measurement
    }

    /// The child's side: plays the clip and writes the measurement; the
    /// process's exit status.
    static func runChild(_ request: Request) -> Int32 {
        guard gtk_init_check() != 0 else {
            Log.error("bench-gtkvideo: cannot open a display")
            return 1
        }
        // This thread owns the main context from here to the exit, as an
        // app's main loop does: GTK's GStreamer sink hands frames over with
        // g_main_context_invoke, which runs them on the streaming thread
        // whenever nobody owns the context.
        guard g_main_context_acquire(nil) != 0 else { return 1 }
        let window = gtk_window_new()!
        gtk_window_set_title(gcast(window), "GtkVideo")
        gtk_window_set_default_size(gcast(window), request.width, request.height)
        let file = g_file_new_for_uri(request.uri)!
        let stream = gtk_media_file_new_for_file(file)!
        g_object_unref(UnsafeMutableRawPointer(file))
        gtk_media_stream_set_muted(stream, 1)
        let video = gtk_video_new_for_media_stream(stream)!
        g_object_unref(UnsafeMutableRawPointer(stream)) // the video holds it
        gtk_window_set_child(gcast(window), video)
        gtk_window_present(gcast(window))
        gtk_media_stream_play(stream)
        // GtkVideo 4.8 does not loop a stream it was given: start it again
        // at its end, as looping would.
        let ended = Signals.connect(stream, "notify::ended") { (_: UnsafeMutableRawPointer?) in
            guard gtk_media_stream_get_ended(stream) != 0 else { return }
            gtk_media_stream_seek(stream, 0)
            gtk_media_stream_play(stream)
        }
        defer { ended?.disconnect() }

        var frames = 0
        var start: (cpu: Double, wall: Double)?
        let connection = Signals.connect(stream, "invalidate-contents") {
            frames += 1
            if start == nil, let sample = ProcessSample.read() { start = (sample.cpuSeconds, Self.now) }
        }
        defer { connection?.disconnect() }
        let loop = g_main_loop_new(nil, 0)!
        defer { g_main_loop_unref(loop) }
        let launched = Self.now
        var failed = false
        let check = MainLoopSource.timeout(milliseconds: 100) {
            if let error = gtk_media_stream_get_error(stream) {
                Log.error("bench-gtkvideo: GtkVideo could not play \(request.uri): \(String(cString: error.pointee.message))")
                failed = true
            } else if start == nil, Self.now - launched > firstFrameTimeout {
                Log.error("bench-gtkvideo: no frame from GtkVideo in \(Int(firstFrameTimeout)) s")
                failed = true
            } else if let start, Self.now - start.wall < Double(request.seconds) {
                return true
            } else if start == nil {
                return true
            }
            g_main_loop_quit(loop)
            return false
        }
        g_main_loop_run(loop)
        check.cancel()
        if failed { return 1 }
        guard let start, let end = ProcessSample.read() else { return 1 }
        let measurement = Measurement(cpuPerPlayedSecond: (end.cpuSeconds - start.cpu) / (Self.now - start.wall),
                                      rssMaxKB: end.peakRSSKB, frames: frames)
        do {
            try JSONEncoder().encode(measurement).write(to: URL(fileURLWithPath: request.result))
        } catch {
            Log.error("bench-gtkvideo: could not write \(request.result): \(error)")
            return 1
        }
        gtk_media_stream_pause(stream)
        return 0
    }

    /// The monotonic clock in seconds.
    private static var now: Double { Double(g_get_monotonic_time()) / 1e6 }
}
