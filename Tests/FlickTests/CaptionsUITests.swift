import FeedDemo
import Foundation
import Testing

extension AppUnderX {
    /// Captions in the real app: files beside a clip and tracks inside it,
    /// parsed by GStreamer and drawn by GTK over the video; `v` turns them
    /// on; hostile files are refused or bounded.
    @Suite("Captions")
    struct CaptionsUITests {
        /// A new folder holding the first test clip as each of `names`.
        private func folder(clips names: [String]) throws -> URL {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-captions-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let clip = try Fixtures.clips()[0].video
            for name in names { try FileManager.default.copyItem(at: clip, to: folder.appendingPathComponent(name)) }
            return folder
        }

        /// An SRT file whose first cue covers the clip's first 3.5 s, and
        /// two later ones.
        private static func srt(_ text: String) -> Data {
            Data(("1\n00:00:00,000 --> 00:00:03,500\n\(text)\n\n2\n00:01:00,000 --> 00:01:02,000\nLater on\n\n"
                  + "3\n00:02:00,000 --> 00:02:02,000\nAnd at the end\n\n").utf8)
        }

        @Test("an .srt beside a clip: v turns captions on (saved, with a toast), its cue shows as the clip plays and is in the accessible tree; the .srt is not a skipped file; v turns them off")
        func sidecarFile() throws {
            let folder = try folder(clips: ["trip.mp4"])
            defer { try? FileManager.default.removeItem(at: folder) }
            try Self.srt("Hello from the <i>captions</i>").write(to: folder.appendingPathComponent("trip.srt"))
            let tree = try AccessibleTree()
            let app = try AppProcess([folder.path, "--report-state"],
                                     environment: tree.environment.merging(["GSETTINGS_BACKEND": "keyfile"]) { $1 })
            let playing = app.waitForState(timeout: 30) { $0.phase == "feed" && $0.playersPlaying == 1 && $0.captionTracks == 1 }
            try #require(playing != nil, "\(String(describing: app.latest)); \(app.stderr)")
            #expect(playing?.skippedFiles == nil, "the captions belong to the clip")
            #expect(playing?.captionText == "", "captions are off by default")
            let window = try app.focusedWindow()

            var seen = app.states.count
            try X11.key("v", window: window)
            let shown = app.waitForState(after: seen, timeout: 15) { $0.captionText == "Hello from the captions" }
            #expect(shown != nil, "the cue, its markup read as words: \(String(describing: app.latest))")
            #expect(app.waitForState(after: seen, timeout: 5) { $0.lastToast == "Captions on" } != nil)
            #expect(try GSettingsTool.get("show-captions", app: app) == "true")
            var found = false
            let deadline = Date().addingTimeInterval(15)
            while !found, Date() < deadline {
                found = try tree.nodes(of: app.process.processIdentifier).contains { $0.name == "Hello from the captions" && $0.visible }
            }
            #expect(found, "screen readers find the cue in the current page")

            seen = app.states.count
            try X11.key("v", window: window)
            #expect(app.waitForState(after: seen, timeout: 10) { $0.lastToast == "Captions off" && $0.captionText == "" } != nil)
        }

        @Test("of captions in several languages the user's plays: LANGUAGE=de picks NAME.de.vtt over NAME.en.vtt")
        func usersLanguage() throws {
            let folder = try folder(clips: ["trip.mp4"])
            defer { try? FileManager.default.removeItem(at: folder) }
            try Data("WEBVTT\n\n00:00:00.000 --> 00:00:03.500\nHello\n\n".utf8).write(to: folder.appendingPathComponent("trip.en.vtt"))
            try Data("WEBVTT\n\n00:00:00.000 --> 00:00:03.500\nHallo\n\n".utf8).write(to: folder.appendingPathComponent("trip.de.vtt"))
            let app = try AppProcess([folder.path, "--report-state"],
                                     environment: ["GSETTINGS_BACKEND": "keyfile", "LANGUAGE": "de"])
            try #require(app.waitForState(timeout: 30) { $0.phase == "feed" && $0.playersPlaying == 1 } != nil, "\(app.stderr)")
            #expect(try GSettingsTool.set("show-captions", "true", app: app))
            let shown = app.waitForState(timeout: 15) { !($0.captionText ?? "").isEmpty }
            #expect(shown?.captionText == "Hallo" && shown?.captionTracks == 2, "\(String(describing: shown))")
        }

        /// Writes each captions file beside the clip of the same place in
        /// `names` (the first the newest, so the first post), opens the
        /// folder with captions on and returns the app, playing, and its window.
        private func playWithCaptions(_ files: [(name: String, bytes: Data)], beside names: [String],
                                      in folder: URL) throws -> (AppProcess, String) {
            for (index, file) in files.enumerated() {
                try file.bytes.write(to: folder.appendingPathComponent(file.name))
                try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -Double(index) * 60)],
                                                      ofItemAtPath: folder.appendingPathComponent(names[index]).path)
            }
            let app = try AppProcess([folder.path, "--report-state"], environment: ["GSETTINGS_BACKEND": "keyfile"])
            try #require(app.waitForState(timeout: 30) { $0.phase == "feed" && $0.playersPlaying == 1 } != nil, "\(app.stderr)")
            #expect(try GSettingsTool.set("show-captions", "true", app: app))
            return (app, try app.focusedWindow())
        }

        @Test("short captions files show by their declared format: a one-cue .srt under 64 bytes, a BOM with CRLF and no last newline, the same in .vtt")
        func shortFiles() throws {
            let names = ["a.mp4", "b.mp4", "c.mp4", "d.mp4"]
            let folder = try folder(clips: names)
            defer { try? FileManager.default.removeItem(at: folder) }
            let bom = Data([0xEF, 0xBB, 0xBF])
            let files: [(name: String, bytes: Data, cue: String)] = [
                ("a.srt", Data("1\n00:00:00,000 --> 00:00:09,000\nHELLO\n".utf8), "HELLO"),
                ("b.srt", bom + Data("1\r\n00:00:00,000 --> 00:00:09,000\r\nBOM CRLF".utf8), "BOM CRLF"),
                ("c.vtt", Data("WEBVTT\n\n00:00.000 --> 00:09.000\nVTT".utf8), "VTT"),
                ("d.vtt", bom + Data("WEBVTT\r\n\r\n00:00.000 --> 00:09.000\r\nLAST".utf8), "LAST"),
            ]
            for file in files { #expect(file.bytes.count < 64, "\(file.name) is \(file.bytes.count) bytes") }
            let (app, window) = try playWithCaptions(files.map { ($0.name, $0.bytes) }, beside: names, in: folder)
            for (index, file) in files.enumerated() {
                let shown = app.waitForState(timeout: 15) { $0.currentIndex == index && $0.captionText == file.cue }
                #expect(shown != nil, "\(file.name)'s cue shows: \(String(describing: app.latest)); \(app.stderr)")
                if index + 1 < files.count { try X11.key("Down", window: window) }
            }
        }

        @Test("odd captions files never stop a clip: a WebVTT header alone plays without a cue, cues out of order and overlapping show")
        func oddFiles() throws {
            let names = ["a.mp4", "b.mp4", "c.mp4"]
            let folder = try folder(clips: names)
            defer { try? FileManager.default.removeItem(at: folder) }
            let files: [(name: String, text: String, cues: Set<String>)] = [
                ("a.vtt", "WEBVTT\n", []),
                ("b.srt", "2\n00:00:01,500 --> 00:00:03,500\nSECOND\n\n1\n00:00:00,000 --> 00:00:01,400\nFIRST\n", ["SECOND", "FIRST"]),
                ("c.srt", "1\n00:00:00,000 --> 00:00:03,000\nONE\n\n2\n00:00:00,500 --> 00:00:03,500\nTWO\n", ["ONE", "TWO"]),
            ]
            let (app, window) = try playWithCaptions(files.map { ($0.name, Data($0.text.utf8)) }, beside: names, in: folder)
            for (index, file) in files.enumerated() {
                if file.cues.isEmpty {
                    // Nothing to show: the clip plays on (its position moves).
                    let started = app.waitForState(timeout: 15) { $0.currentIndex == index && ($0.positionMilliseconds ?? 0) >= 1000 }
                    #expect(started != nil, "\(file.name)'s clip plays: \(String(describing: app.latest))")
                } else {
                    let shown = app.waitForState(timeout: 15) { $0.currentIndex == index && file.cues.contains($0.captionText ?? "") }
                    #expect(shown != nil, "\(file.name) shows a cue: \(String(describing: app.latest)); \(app.stderr)")
                }
                if index + 1 < files.count { try X11.key("Down", window: window) }
            }
        }

        @Test("a post with captions in several languages lists them in its More menu; choosing one shows it from then on")
        func captionsMenu() throws {
            let folder = try folder(clips: ["trip.mp4"])
            defer { try? FileManager.default.removeItem(at: folder) }
            try Data("WEBVTT\n\n00:00:00.000 --> 00:00:03.500\nHello\n\n".utf8).write(to: folder.appendingPathComponent("trip.en.vtt"))
            try Data("WEBVTT\n\n00:00:00.000 --> 00:00:03.500\nHallo\n\n".utf8).write(to: folder.appendingPathComponent("trip.de.vtt"))
            let tree = try AccessibleTree()
            let app = try AppProcess([folder.path, "--report-state"],
                                     environment: tree.environment.merging(["GSETTINGS_BACKEND": "keyfile", "LANGUAGE": "en"]) { $1 })
            let shown = app.waitForState(timeout: 30) { $0.phase == "feed" && $0.playersPlaying == 1 && $0.captionLanguages == ["de", "en"] }
            try #require(shown != nil, "\(String(describing: app.latest)); \(app.stderr)")
            #expect(try GSettingsTool.set("show-captions", "true", app: app))
            #expect(app.waitForState(timeout: 15) { $0.captionText == "Hello" } != nil, "the user's language first")
            let pid = app.process.processIdentifier
            try tree.press("More", in: pid)
            // The popover's entries reach the accessible tree a moment after it opens.
            let deadline = Date().addingTimeInterval(10)
            while try !tree.nodes(of: pid).contains(where: { $0.name == "Captions: German" }), Date() < deadline { usleep(100_000) }
            let seen = app.states.count
            try tree.press("Captions: German", in: pid)
            #expect(app.waitForState(after: seen, timeout: 20) { $0.captionText == "Hallo" } != nil,
                    "the language chosen: \(String(describing: app.latest))")
            #expect(app.latest?.lastToast == "Captions: German")
        }

        @Test("a subtitle track inside an MKV (made with GStreamer here) shows as the clip plays")
        func trackInsideTheFile() throws {
            let folder = try folder(clips: ["source.mp4"])
            defer { try? FileManager.default.removeItem(at: folder) }
            let subtitles = folder.appendingPathComponent("inside.txt")
            try Self.srt("Inside the file").write(to: subtitles)
            let media = FileManager.default.temporaryDirectory.appendingPathComponent("flick-captions-mkv-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: media) }
            let mkv = media.appendingPathComponent("inside.mkv")
            let mux = Process()
            mux.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            mux.arguments = ["gst-launch-1.0", "-q", "filesrc", "location=\(folder.appendingPathComponent("source.mp4").path)", "!",
                             "qtdemux", "name=d", "d.video_0", "!", "queue", "!", "h264parse", "!", "matroskamux", "name=m", "!",
                             "filesink", "location=\(mkv.path)", "filesrc", "location=\(subtitles.path)", "!", "subparse", "!",
                             "queue", "!", "m."]
            mux.standardOutput = FileHandle.nullDevice
            mux.standardError = FileHandle.nullDevice
            try mux.run()
            mux.waitUntilExit()
            try #require(mux.terminationStatus == 0, "gst-launch-1.0 made no MKV")

            let app = try AppProcess([media.path, "--report-state"], environment: ["GSETTINGS_BACKEND": "keyfile"])
            try #require(app.waitForState(timeout: 30) { $0.phase == "feed" && $0.playersPlaying == 1 } != nil, "\(app.stderr)")
            #expect(try GSettingsTool.set("show-captions", "true", app: app))
            let shown = app.waitForState(timeout: 15) { $0.captionText == "Inside the file" }
            #expect(shown?.captionTracks == 1, "\(String(describing: app.latest))")
        }

        @Test("hostile captions files: a binary one, a 10 MB one and one of 100,000 cues are refused (skipped files); a 1 MB line is cut to 300 characters; every clip plays")
        func hostileFiles() throws {
            let folder = try folder(clips: ["a-binary.mp4", "b-huge.mp4", "c-long-line.mp4", "d-many.mp4"])
            defer { try? FileManager.default.removeItem(at: folder) }
            var binary = Self.srt("looks fine")
            binary.append(contentsOf: [0, 0, 0xFF, 0xFE, 0])
            try binary.write(to: folder.appendingPathComponent("a-binary.srt"))
            try Data(repeating: UInt8(ascii: "x"), count: 10_000_000).write(to: folder.appendingPathComponent("b-huge.srt"))
            try Self.srt(String(repeating: "y", count: 1_000_000)).write(to: folder.appendingPathComponent("c-long-line.srt"))
            var many = ""
            for cue in 0..<100_000 { many += "\(cue + 1)\n00:00:00,000 --> 00:00:03,500\nz\n\n" }
            try Data(many.utf8).write(to: folder.appendingPathComponent("d-many.srt"))
            for (name, seconds) in [("a-binary.mp4", 0.0), ("b-huge.mp4", 60.0), ("c-long-line.mp4", 120.0), ("d-many.mp4", 180.0)] {
                try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-seconds)],
                                                      ofItemAtPath: folder.appendingPathComponent(name).path)
            }
            let app = try AppProcess([folder.path, "--report-state"], environment: ["GSETTINGS_BACKEND": "keyfile"])
            let first = app.waitForState(timeout: 30) { $0.phase == "feed" && $0.itemCount == 4 && $0.playersPlaying == 1 }
            try #require(first != nil, "\(String(describing: app.latest)); \(app.stderr)")
            #expect(first?.skippedFiles == 3, "the three refused files are listed as skipped: \(String(describing: first))")
            #expect(try GSettingsTool.set("show-captions", "true", app: app))
            let window = try app.focusedWindow()
            for index in 1..<4 {
                let seen = app.states.count
                try X11.key("Down", window: window)
                let landed = app.waitForState(after: seen, timeout: 20) { $0.currentIndex == index && $0.playersPlaying == 1 }
                #expect(landed != nil, "post \(index) plays: \(String(describing: app.latest))")
                if index == 2 {
                    let cue = app.waitForState(after: seen, timeout: 15) { $0.currentIndex == 2 && !($0.captionText ?? "").isEmpty }
                    #expect(cue?.captionText?.count == 300 && cue?.captionText?.hasSuffix("…") == true,
                            "the long line is cut: \(cue?.captionText?.count ?? -1) characters")
                } else {
                    #expect(landed?.captionTracks == 0, "refused: \(String(describing: landed))")
                }
            }
        }

        @Test("a Flick feed's captions over HTTP are fetched once, kept on disk and shown; one over 1 MiB is refused and its post plays without it")
        func remoteCaptions() throws {
            let clip = try Fixtures.clips()[0]
            let files = FileManager.default.temporaryDirectory.appendingPathComponent("flick-captions-http-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: files) }
            let good = files.appendingPathComponent("good.vtt")
            try Data("WEBVTT\n\n00:00:00.000 --> 00:00:03.500\nHello over HTTP\n\n".utf8).write(to: good)
            let big = files.appendingPathComponent("big.vtt")
            try Data(("WEBVTT\n\n00:00:00.000 --> 00:00:03.500\n" + String(repeating: "x", count: 2_000_000) + "\n").utf8).write(to: big)
            let server = MediaServer()
            let base = try server.startOnOwnThread()
            defer { server.stop() }
            // Paths of this run only: the kept files of another run never answer for them.
            let run = UUID().uuidString
            server.serveFile(clip.video, at: "/clip.mp4", contentType: "video/mp4")
            server.serveFile(good, at: "/\(run)/good.vtt", contentType: "text/vtt")
            server.serveFile(big, at: "/\(run)/big.vtt", contentType: "text/vtt")
            let feed = """
                {"items": [
                  {"id": "a", "type": "video", "uri": "/clip.mp4", "captions": [{"language": "en", "uri": "/\(run)/good.vtt"}]},
                  {"id": "b", "type": "video", "uri": "/clip.mp4", "captions": [{"language": "en", "uri": "/\(run)/big.vtt"}]}
                ], "next": null}
                """
            server.serveJSON(at: "/feed.json") { _ in Data(feed.utf8) }
            let app = try AppProcess([base.appendingPathComponent("feed.json").absoluteString, "--report-state"],
                                     environment: ["GSETTINGS_BACKEND": "keyfile"])
            try #require(app.waitForState(timeout: 30) { $0.phase == "feed" && $0.playersPlaying == 1 } != nil, "\(app.stderr)")
            #expect(try GSettingsTool.set("show-captions", "true", app: app))
            let shown = app.waitForState(timeout: 20) { $0.currentIndex == 0 && $0.captionText == "Hello over HTTP" }
            #expect(shown != nil, "\(String(describing: app.latest)); \(app.stderr)")
            #expect(server.requests(path: "/\(run)/good.vtt").count == 1, "fetched once")

            let window = try app.focusedWindow()
            let seen = app.states.count
            try X11.key("Down", window: window)
            let second = app.waitForState(after: seen, timeout: 20) { $0.currentIndex == 1 && $0.playersPlaying == 1 }
            #expect(second != nil && second?.currentError == nil, "the post plays: \(String(describing: app.latest))")
            let deadline = Date().addingTimeInterval(20)
            while !app.stderr.contains("big.vtt could not be read"), Date() < deadline { usleep(100_000) }
            #expect(app.stderr.contains("big.vtt could not be read"), "the refusal is logged: \(app.stderr)")
            #expect(server.requests(path: "/\(run)/good.vtt").count == 1, "kept on disk, not fetched again")
        }
    }
}
