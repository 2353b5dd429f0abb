@testable import FeedDemo
import FlickTestSupport
import FeedMedia
import Foundation
import Testing

extension AppUnderX {
    /// A prepared post whose clip keeps its index (`moov`) at the end: it
    /// was prepared from its first bytes and its index, and paging onto it
    /// must fetch its middle and play on, never sit on its first frame.
    @Suite("Paging onto a prepared moov-at-end clip")
    struct PreparedClipUITests {
        /// A 4-second 360×640 clip of about 0.7 MB with its `moov` after
        /// its `mdat`, in a pattern of its own.
        static func moovAtEnd(_ pattern: String) throws -> URL {
            let pipeline = """
            videotestsrc pattern=\(pattern) num-buffers=120 ! video/x-raw,width=360,height=640,framerate=30/1 \
            ! x264enc speed-preset=ultrafast bitrate=1400 key-int-max=30 ! h264parse ! mp4mux faststart=false \
            ! filesink name=sink
            """
            return try TestClips.clip(named: "moov-at-end-\(pattern).mp4", recipe: pipeline) { target, folder in
                try DemoMediaJob(item: "moov-at-end clip", message: "", weight: 1, target: target, pipeline: pipeline,
                                 timeout: 60).render(in: folder)
            }
        }

        @Test("over a 206 server with latency, the second post plays past its first second once paged onto", arguments: [20, 80])
        func pagedOntoPlays(latency: Int) throws {
            let clips = try [Self.moovAtEnd("snow"), Self.moovAtEnd("smpte")]
            let server = MediaServer(options: .init(latencyMilliseconds: latency))
            let base = try server.startOnOwnThread()
            defer { server.stop() }
            let run = UUID().uuidString
            for (index, clip) in clips.enumerated() {
                server.serveFile(clip, at: "/\(run)/\(index).mp4", contentType: "video/mp4")
            }
            let items = clips.indices.map { index in
                #"{"id": "moov-\#(index)", "type": "video", "uri": "\#(base.absoluteString)\#(run)/\#(index).mp4"}"#
            }
            server.serveJSON(at: "/\(run)/feed.json") { _ in Data(#"{"items": [\#(items.joined(separator: ","))], "next": null}"#.utf8) }

            let app = try AppProcess([base.absoluteString + "\(run)/feed.json", "--report-state"])
            let first = app.waitForState(timeout: 30) {
                $0.phase == "feed" && $0.currentIndex == 0 && $0.playersPlaying == 1 && ($0.playersPrepared ?? 0) >= 1
                    && ($0.positionMilliseconds ?? 0) >= 1000
            }
            try #require(first != nil, "the first post plays with the second prepared: \(String(describing: app.latest)); \(app.stderr)")
            let seen = app.states.count
            try X11.key("Down", window: try app.focusedWindow())
            let playing = app.waitForState(after: seen, timeout: 15) {
                $0.currentIndex == 1 && $0.playersPlaying == 1 && ($0.positionMilliseconds ?? 0) >= 2000
            }
            #expect(playing != nil, "the second post plays on: \(String(describing: app.latest)); \(server.requests(path: "/\(run)/1.mp4"))")
        }
    }
}
