import CGLib
import FeedCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// mpv's switch time for the bench's burst TTFF yardstick: mpv plays a
/// playlist of demo clips from the bench's server, and over its JSON IPC
/// (`--input-ipc-server`, a Unix socket) the bench sends `playlist-next`
/// every 180 ms and times each until mpv's next `playback-restart` event
/// (the new file's first frame is up). Main thread; blocks while it runs.
enum MpvSwitchTimes {
    /// Switches timed, and the pause between them.
    static let switches = 30
    static let intervalMilliseconds = 180.0
    /// Seconds a read of mpv's socket may wait before the run is given up.
    static let readTimeout: UInt32 = 10

    /// p50 and p90 of the switch times in ms, or nil (with a note) when
    /// mpv is missing or did not answer.
    static func measure(uris: [String], width: Int32, height: Int32, work: URL, environment: [String: String],
                        note: (String) -> Void) -> (p50: Double, p90: Double)? {
        guard uris.count > 1, let mpv = ChildProcess.find("mpv", path: environment["PATH"]) else { return nil }
        let socketPath = work.appendingPathComponent("mpv.sock").path
        try? FileManager.default.removeItem(atPath: socketPath)
        let process: Process
        do {
            process = try MpvYardstick.launch(mpv, ["--loop-playlist=inf", "--input-ipc-server=\(socketPath)"] + uris,
                                              width: width, height: height, environment: environment)
        } catch {
            note("no mpv switch times: mpv did not start: \(error)")
            return nil
        }
        defer { ChildProcess.stop(process) }
        guard let ipc = Connection(path: socketPath, timeoutSeconds: readTimeout, while: { process.isRunning }) else {
            note("no mpv switch times: mpv's IPC socket did not open")
            return nil
        }
        // The first file's first frame, then a switch every 180 ms.
        guard ipc.waitForRestart() else {
            note("no mpv switch times: mpv never started the first clip")
            return nil
        }
        var samples: [Double] = []
        for _ in 0..<switches {
            let start = Self.now
            guard ipc.send(#"{"command": ["playlist-next"]}"#), ipc.waitForRestart() else {
                note("no mpv switch times: mpv stopped answering")
                return nil
            }
            samples.append((Self.now - start) * 1000)
            let left = intervalMilliseconds - (Self.now - start) * 1000
            if left > 0 { usleep(UInt32(left * 1000)) }
        }
        guard let p50 = Percentiles.value(50, of: samples), let p90 = Percentiles.value(90, of: samples) else { return nil }
        return (p50, p90)
    }

    private static var now: Double { Double(g_get_monotonic_time()) / 1e6 }

    /// One connection to mpv's IPC socket: JSON lines each way.
    private final class Connection {
        private let connection: OpaquePointer
        private let lines: OpaquePointer

        /// Connects to `path`, retrying while mpv starts (up to 10 s, while `alive`).
        init?(path: String, timeoutSeconds: UInt32, while alive: () -> Bool) {
            let client = g_socket_client_new()!
            defer { g_object_unref(UnsafeMutableRawPointer(client)) }
            let address = g_unix_socket_address_new(path)!
            defer { g_object_unref(UnsafeMutableRawPointer(address)) }
            let deadline = Date().addingTimeInterval(10)
            var made: OpaquePointer?
            while made == nil, Date() < deadline, alive() {
                made = g_socket_client_connect(client, OpaquePointer(address), nil, nil).map { OpaquePointer($0) }
                if made == nil { usleep(100_000) }
            }
            guard let made else { return nil }
            connection = made
            g_socket_set_timeout(g_socket_connection_get_socket(UnsafeMutablePointer(made)), timeoutSeconds)
            let input = g_io_stream_get_input_stream(UnsafeMutablePointer(made))
            lines = OpaquePointer(g_data_input_stream_new(input))
        }

        deinit {
            g_object_unref(UnsafeMutableRawPointer(lines))
            g_object_unref(UnsafeMutableRawPointer(connection))
        }

        func send(_ json: String) -> Bool {
            let output = g_io_stream_get_output_stream(UnsafeMutablePointer(connection))
            let line = json + "\n"
            return line.withCString { g_output_stream_write_all(output, $0, gsize(strlen($0)), nil, nil, nil) } != 0
        }

        /// Reads lines until a `playback-restart` event; false when the
        /// socket failed or timed out first.
        func waitForRestart() -> Bool {
            while true {
                var length: gsize = 0
                guard let line = g_data_input_stream_read_line(UnsafeMutablePointer(lines), &length, nil, nil) else { return false }
                defer { g_free(line) }
                // A bounded line of mpv's own JSON; anything unreadable is skipped.
                guard length < 65_536, let object = try? JSONSerialization.jsonObject(with: Data(bytes: line, count: Int(length))),
                      let event = (object as? [String: Any])?["event"] as? String else { continue }
                if event == "playback-restart" { return true }
            }
        }
    }
}
