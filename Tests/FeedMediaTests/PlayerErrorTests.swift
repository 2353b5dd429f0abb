import CGLib
import CGStreamer
import FeedCore
@testable import FeedDemo
@testable import FeedMedia
@testable import FeedSources
import FlickTestSupport
import Foundation
import Testing

extension PlaybackTests {
    /// Loads `uri` and waits for a failure of that binding.
    func failure(loading uri: String, networkTimeoutSeconds: UInt32 = VideoPlayer.networkTimeoutSeconds,
                 within seconds: Double = 10) async throws -> (code: ErrorCode, status: Int?)? {
        let player = try VideoPlayer(id: 20, networkTimeoutSeconds: networkTimeoutSeconds)
        defer { player.destroy() }
        let recorder = PlayerRecorder(player)
        let generation = player.load(uri: uri, box: PixelSize(width: 64, height: 64), fit: .cover)
        player.play()
        _ = await pumpUntil(seconds) { recorder.failure(of: generation) != nil || recorder.saw(.prerolled, generation: generation) }
        if recorder.failure(of: generation) != nil {
            #expect(player.state == .error)
            #expect(!player.isPlaying && !player.isPipelinePlaying)
        }
        return recorder.failure(of: generation)
    }

    @Test("a missing file fails with SOURCE_NOT_FOUND")
    func missingFile() async throws {
        let uri = clips.directory.appendingPathComponent("no-such-clip.mp4").absoluteString
        let failure = try await failure(loading: uri)
        #expect(failure?.code == .sourceNotFound)
        #expect(failure?.status == nil)
    }

    @Test("a named pipe named as a video fails at once with its reason; playbin never opens it", .timeLimit(.minutes(1)))
    func pipeAsVideo() async throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let pipe = temp.url.appendingPathComponent("clip.mp4")
        #expect(mkfifo(pipe.path, 0o644) == 0)
        let failure = try await failure(loading: pipe.absoluteString)
        #expect(failure?.code == .unsupportedFormat, "\(String(describing: failure))")
        #expect(LocalFileGate.check(FileSystemPath(pipe))?.message == "This is not a regular file (a pipe, socket or device); Flick plays files")
        #expect(LocalFileGate.check(FileSystemPath(temp.url))?.message == "This is a folder, not a video")
        #expect(LocalFileGate.check(FileSystemPath(clips.short)) == nil)
        // Its still is refused too, without taking a picture thread.
        #expect(throws: MediaDecodeError.self) {
            try FrameGrabber.firstFrame(uri: pipe.absoluteString, box: PixelSize(width: 64, height: 64), fit: .cover)
        }
    }

    @Test("an error's message and debug text are cut: a megabyte address never reaches a log line whole")
    func longMessagesAreCut() {
        let address = "https://cdn.example/" + String(repeating: "a", count: 1_000_000)
        let error = g_error_new_literal(gst_resource_error_quark(), Int32(GST_RESOURCE_ERROR_NOT_FOUND.rawValue),
                                        "Could not open \(address)")!
        defer { g_error_free(error) }
        let parsed = GStreamerError(error)
        #expect(parsed.message.utf8.count <= GStreamerError.maxMessageBytes + 3)
        #expect(parsed.message.hasPrefix("Could not open https://cdn.example/aaa") && parsed.message.hasSuffix("…"))
        #expect(GStreamerError.bounded("short", bytes: 500) == "short")
    }

    @Test("random bytes named .mp4 fail as an unsupported format or a decode failure")
    func corruptFile() async throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let url = temp.url.appendingPathComponent("corrupt.mp4")
        // Fixed bytes: truly random ones now and then look like the start
        // of some format and fail later, as a generic stream error.
        var generator = TestGenerator(state: 0x466c_6963_6b21)
        try Data((0..<64 * 1024).map { _ in UInt8.random(in: 0...255, using: &generator) }).write(to: url)
        let failure = try await failure(loading: url.absoluteString)
        #expect(failure?.code == .unsupportedFormat || failure?.code == .decodeFailed, "\(String(describing: failure))")
    }

    /// A fast-start clip cut inside its `moov`: the header promises more
    /// than the file holds.
    func truncatedClip(in temp: TemporaryDirectory) throws -> URL {
        let url = temp.url.appendingPathComponent("truncated.mp4")
        // Cut inside the `moov` that follows `ftyp` (the clip is fast-start):
        // the header promises more than the file holds.
        let bytes = [UInt8](try Data(contentsOf: clips.short))
        let size = { (at: Int) in bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let ftyp = size(0)
        try #require(String(decoding: bytes[ftyp + 4..<ftyp + 8], as: UTF8.self) == "moov")
        try Data(bytes.prefix(ftyp + size(ftyp) / 2)).write(to: url)
        return url
    }

    /// decodebin drops a demuxer's error raised while it is still activating
    /// the demuxer (a race), so a truncated clip may post nothing at all: the
    /// player then asks ``LocalStallProbe`` once the local preroll deadline
    /// passes. Which side of the race a binding lands on cannot be chosen,
    /// so the probe is also checked on its own below.
    @Test("a truncated clip fails as an unsupported format")
    func truncatedFile() async throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let url = try truncatedClip(in: temp)
        for _ in 0..<3 {
            let failure = try await failure(loading: url.absoluteString)
            #expect(failure?.code == .unsupportedFormat, "\(String(describing: failure))")
        }
    }

    @Test("the stall probe finds what is wrong with a truncated clip, and nothing wrong with a good one")
    func stallProbe() async throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let url = try truncatedClip(in: temp)
        var found: [String: PlayerFailure?] = [:]
        var probes: [LocalStallProbe] = []
        for uri in [url.absoluteString, clips.short.absoluteString] {
            probes.append(LocalStallProbe(uri: uri) { found[uri] = .some($0) })
        }
        #expect(await pumpUntil(15) { found.count == 2 })
        #expect(found[url.absoluteString]??.code == .unsupportedFormat, "\(found)")
        #expect(found[clips.short.absoluteString] == .some(nil), "a good clip: \(found)")
        _ = probes
    }

    @Test("HTTP 403 fails with HTTP_ERROR 403, 404 with SOURCE_NOT_FOUND, 503 as a retryable HTTP_ERROR")
    func httpStatuses() async throws {
        let server = MediaServer()
        defer { server.stop() }
        _ = try server.startOnOwnThread()
        for (status, code) in [(403, ErrorCode.httpError), (404, .sourceNotFound), (503, .httpError)] {
            let path = "/status-\(status).mp4"
            server.serveFile(clips.videos[0], at: path, contentType: "video/mp4")
            server.setFault(.status(status), for: path)
            let uri = try #require(server.url(for: path)).absoluteString
            let failure = try await failure(loading: uri)
            #expect(failure?.code == code, "status \(status): \(String(describing: failure))")
            if code == .httpError {
                #expect(failure?.status == status)
                #expect(RetryPolicy.isRetryable(code, httpStatus: failure?.status) == (status >= 500))
            }
        }
    }

    @Test("a server that stops sending fails with TIMEOUT, from what happened: no bytes for a whole timeout")
    func stalledServer() async throws {
        // A server that takes a minute to answer anything.
        let server = MediaServer(options: MediaServer.Options(latencyMilliseconds: 60_000))
        defer { server.stop() }
        _ = try server.startOnOwnThread()
        server.serveFile(clips.videos[0], at: "/stall.mp4", contentType: "video/mp4")
        let uri = try #require(server.url(for: "/stall.mp4")).absoluteString
        // souphttpsrc tries again (3 times) after each 2 s without an answer.
        let failure = try await failure(loading: uri, networkTimeoutSeconds: 2, within: 30)
        #expect(failure?.code == .timeout, "\(String(describing: failure))")
        #expect(RetryPolicy.isRetryable(.timeout, httpStatus: nil))
    }

    @Test("a clip served over loopback HTTP with ranges prerolls and plays")
    func playsOverHTTP() async throws {
        let server = MediaServer()
        defer { server.stop() }
        _ = try server.startOnOwnThread()
        server.serveFile(clips.videos[2], at: "/clip.mp4", contentType: "video/mp4")
        let uri = try #require(server.url(for: "/clip.mp4")).absoluteString

        let player = try VideoPlayer(id: 21)
        defer { player.destroy() }
        let recorder = PlayerRecorder(player)
        let generation = await loadAndPreroll(player, recorder, uri: uri)
        player.play()
        #expect(await pumpUntil { recorder.frames(of: generation).count >= 10 })
        #expect(player.state == .playing || player.state == .buffering)
        #expect(server.bytesSent(path: "/clip.mp4") > 0)
        let color = clips.colors[2]
        let first = try #require(recorder.frames(of: generation).first)
        #expect(abs(first.centre.r - color.red) < 24 && abs(first.centre.g - color.green) < 24,
                "centre \(first.centre) vs \(color.name)")
    }

    @Test("GStreamer errors map to FeedCore's codes")
    func errorMapping() {
        func code(_ domain: GStreamerError.Domain, _ value: some RawRepresentable<UInt32>, message: String = "failed",
                  debug: String? = nil, status: Int? = nil, decoder: Bool = false, quiet: Bool = false) -> PlayerFailure {
            let error = GStreamerError(domain: domain, code: Int32(value.rawValue), message: message, debug: debug)
            return PlayerFailure.classify(error, httpStatus: status, fromDecoder: decoder,
                                          networkTimedOut: quiet)
        }
        #expect(code(.resource, GST_RESOURCE_ERROR_NOT_FOUND).code == .sourceNotFound)
        let forbidden = code(.resource, GST_RESOURCE_ERROR_NOT_AUTHORIZED, message: "Forbidden", status: 403)
        #expect(forbidden.code == .httpError && forbidden.httpStatus == 403)
        #expect(code(.resource, GST_RESOURCE_ERROR_READ, status: 404).code == .sourceNotFound)
        // The status is read from the details, never from the text.
        #expect(code(.resource, GST_RESOURCE_ERROR_READ, debug: "Not Found (404), URL: x").code == .playerFailed)
        let unavailable = code(.resource, GST_RESOURCE_ERROR_READ, status: 503)
        #expect(unavailable.code == .httpError && unavailable.httpStatus == 503)
        #expect(code(.stream, GST_STREAM_ERROR_DECODE).code == .decodeFailed)
        #expect(code(.stream, GST_STREAM_ERROR_TYPE_NOT_FOUND).code == .unsupportedFormat)
        #expect(code(.stream, GST_STREAM_ERROR_WRONG_TYPE).code == .unsupportedFormat)
        #expect(code(.stream, GST_STREAM_ERROR_DEMUX).code == .unsupportedFormat)
        #expect(code(.core, GST_CORE_ERROR_MISSING_PLUGIN).code == .unsupportedFormat)
        #expect(code(.library, GST_LIBRARY_ERROR_INIT).code == .decoderInitFailed)
        #expect(code(.core, GST_CORE_ERROR_STATE_CHANGE, decoder: true).code == .decoderInitFailed)
        // A timeout is what happened, never what the text says.
        #expect(code(.resource, GST_RESOURCE_ERROR_READ, quiet: true).code == .timeout)
        #expect(code(.resource, GST_RESOURCE_ERROR_OPEN_READ, quiet: true).code == .timeout)
        #expect(code(.resource, GST_RESOURCE_ERROR_READ, message: "Socket I/O timed out").code == .playerFailed)
        #expect(code(.stream, GST_STREAM_ERROR_DECODE, quiet: true).code == .decodeFailed)
        #expect(code(.core, GST_CORE_ERROR_FAILED).code == .playerFailed)
    }
}
