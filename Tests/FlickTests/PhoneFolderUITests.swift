import Foundation
import Testing

extension AppUnderX {
    /// A folder as it comes off a phone, shown by the real app.
    @Suite("A phone's folder")
    struct PhoneFolderUITests {
        /// An empty folder of the test's own; the test removes it.
        static func newFolder(_ prefix: String) throws -> URL {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            return folder
        }

        static let red: UInt32 = 0xE0_20_20
        static let blue: UInt32 = 0x00_00_FF

        /// Screenshots `window` until the page shows red near its top and
        /// blue below its middle, for at most 3 s (a frame may still be on
        /// its way to the X server); returns the two colours last seen.
        private func topAndMiddle(of window: String, into folder: URL) throws -> (top: UInt32, middle: UInt32) {
            let (width, height) = try X11.geometry(window)
            let shot = folder.appendingPathComponent("upright.png")
            let deadline = Date().addingTimeInterval(3)
            var colours: (UInt32, UInt32) = (0, 0)
            repeat {
                try X11.run(["import", "-window", window, shot.path])
                // Below the header bar, inside the page's top quarter; and well below it, above the caption.
                colours = (try X11.pixel(shot, x: width / 2, y: height / 5), try X11.pixel(shot, x: width / 2, y: height * 3 / 5))
            } while !(X11.close(colours.0, Self.red, tolerance: 48) && X11.close(colours.1, Self.blue, tolerance: 48))
                && Date() < deadline
            return colours
        }

        @Test("portrait clips stored landscape with a 90° or 270° display matrix, an upright one and a landscape one show upright", .timeLimit(.minutes(3)))
        func rotatedClipsShowUpright() throws {
            let folder = try Self.newFolder("flick-phone")
            defer { try? FileManager.default.removeItem(at: folder) }
            for turn in PhoneMedia.Turn.allCases {
                try PhoneMedia.clip(turn, at: folder.appendingPathComponent("\(turn.rawValue).mp4"))
            }
            try PhoneMedia.landscapeClip(at: folder.appendingPathComponent("landscape.mp4"))
            let names = PhoneMedia.Turn.allCases.map(\.rawValue) + ["landscape"]
            // Covered, so the page's top row is the picture's whichever its shape.
            let app = try AppProcess([folder.path, "--report-state", "--fit", "cover"])
            let window = try app.focusedWindow()
            var seenNames: Set<String> = []
            for index in 0..<names.count {
                let seen = app.states.count
                if index > 0 { try X11.key("Down", window: window) }
                let shown = app.waitForState(after: index > 0 ? seen : 0, timeout: 30) {
                    $0.phase == "feed" && $0.currentIndex == index && $0.settled == true && $0.currentReady == true
                        && $0.currentFrameSource != nil
                }
                let name = shown?.currentURI.map { URL(string: $0)?.deletingPathExtension().lastPathComponent ?? $0 } ?? "?"
                #expect(shown != nil, "post \(index) played: \(String(describing: app.latest)); \(app.stderr)")
                seenNames.insert(name)
                let colours = try topAndMiddle(of: window, into: app.home)
                #expect(X11.close(colours.top, Self.red, tolerance: 48) && X11.close(colours.middle, Self.blue, tolerance: 48),
                        Comment(rawValue: String(format: "%@: top #%06X (red expected), middle #%06X (blue expected)",
                                                 name, colours.top, colours.middle)))
            }
            #expect(seenNames == Set(names), "every clip was visited: \(seenNames)")
        }
    
        @Test("every file is accounted for: a sound plays as its waveform, a truncated clip says why, the rest are listed with their reasons", .timeLimit(.minutes(3)))
        func everyFileAccountedFor() throws {
            let folder = try Self.newFolder("flick-phone")
            defer { try? FileManager.default.removeItem(at: folder) }
            let clip = folder.appendingPathComponent("clip.mp4")
            try PhoneMedia.clip(.none, at: clip)
            let song = folder.appendingPathComponent("song.m4a")
            try PhoneMedia.song(at: song)
            let truncated = folder.appendingPathComponent("truncated.mp4")
            try PhoneMedia.truncated(clip, to: truncated)
            FileManager.default.createFile(atPath: folder.appendingPathComponent("empty.mp4").path, contents: Data())
            try Data("shopping list".utf8).write(to: folder.appendingPathComponent("notes.txt"))
            try Data(Array("gimp xcf v011\0".utf8) + [UInt8](repeating: 0, count: 64))
                .write(to: folder.appendingPathComponent("drawing.xcf"))
            // Newest first: the song, then the truncated clip, then the clip.
            let now = Date()
            for (index, file) in [song, truncated, clip].enumerated() {
                try FileManager.default.setAttributes([.modificationDate: now.addingTimeInterval(-Double(index) * 60)],
                                                      ofItemAtPath: file.path)
            }

            let tree = try AccessibleTree()
            let app = try AppProcess([folder.path, "--report-state"], environment: tree.environment)
            let playing = app.waitForState(timeout: 30) {
                $0.phase == "feed" && $0.currentIndex == 0 && $0.currentReady == true && $0.playersPlaying == 1
            }
            #expect(playing?.currentURI == song.absoluteString, "\(String(describing: app.latest)); \(app.stderr)")
            #expect(playing?.currentFrameSource == song.absoluteString, "the sound's page shows its waveform's frames")
            #expect(playing?.currentLabel == "Audio: song")
            #expect(playing?.skippedFiles == 3)
            #expect(playing?.skippedSummary == "3 files were skipped: 1 empty, 1 unsupported picture, 1 other")
            for line in ["drawing.xcf: a picture format no installed loader reads", "empty.mp4: empty (0 bytes)",
                         "notes.txt: not a video, a sound or a picture"] {
                #expect(app.stderr.contains("flick: skipped \(folder.path)/\(line)"), "stderr names \(line): \(app.stderr)")
            }

            // The header's button opens the list.
            let window = try app.focusedWindow()
            let seen = app.states.count
            try tree.press("3 skipped", in: app.process.processIdentifier)
            let listed = app.waitForState(after: seen) { $0.skippedListed != nil }
            #expect(listed?.skippedListed == ["drawing.xcf — a picture format no installed loader reads",
                                              "empty.mp4 — empty (0 bytes)", "notes.txt — not a video, a sound or a picture"])
            let closing = app.states.count
            try X11.key("Escape", window: window)
            #expect(app.waitForState(after: closing) { $0.skippedListed == nil } != nil, "Escape closes the list")

            // The truncated clip is a post that says what is wrong with it.
            // (Xvfb has no window manager to give the focus back after the dialog.)
            try X11.run(["xdotool", "windowfocus", "--sync", window])
            let paging = app.states.count
            try X11.key("Down", window: window)
            let broken = app.waitForState(after: paging, timeout: 30) { $0.currentIndex == 1 && $0.currentError != nil }
            #expect(broken?.currentURI == truncated.absoluteString, "\(String(describing: app.latest)); \(app.stderr)")
        }
    
        @Test("an M4A in a feed, even typed as a video, with cover art or without, plays as its waveform instead of shimmering for ever",
              .timeLimit(.minutes(2)), arguments: [false, true])
        func soundInAFeed(withCover: Bool) throws {
            let folder = try Self.newFolder("flick-sound")
            defer { try? FileManager.default.removeItem(at: folder) }
            let song = folder.appendingPathComponent("song.m4a")
            let cover = folder.appendingPathComponent("cover.png")
            try Fixtures.writePicture(cover, width: 64, height: 64, rgb: 0xC0_80_20)
            try PhoneMedia.song(at: song, seconds: 4, cover: withCover ? cover : nil)
            let id = "sound-\(UUID().uuidString)"
            let (server, feed) = try HostileInputUITests.feedServer(clip: song, id: id, title: "A song")
            defer { server.stop() }
            let app = try AppProcess([feed.absoluteString, "--report-state"])
            let shown = app.waitForState(timeout: 30) {
                $0.phase == "feed" && $0.currentID == id && $0.currentReady == true && $0.playersPlaying == 1
                    && $0.currentFrameSource != nil && $0.skeletonPages == 0
            }
            #expect(shown != nil, "\(String(describing: app.latest)); \(app.stderr)")
            #expect(shown?.muted == true, "muted by default")
            let window = try app.focusedWindow()
            let seen = app.states.count
            try X11.key("m", window: window)
            #expect(app.waitForState(after: seen) { $0.muted == false && $0.playersUnmuted == 1 } != nil, "m unmutes the sound")
        }
    
        /// Screenshots `window` for up to 3 s and returns the distinct
        /// centre colours seen (red, blue, other).
        private func centreColours(of window: String, into folder: URL) throws -> Set<String> {
            let (width, height) = try X11.geometry(window)
            let shot = folder.appendingPathComponent("animated.png")
            var seen: Set<String> = []
            let deadline = Date().addingTimeInterval(3)
            while Date() < deadline {
                try X11.run(["import", "-window", window, shot.path])
                let colour = try X11.pixel(shot, x: width / 2, y: height / 2)
                seen.insert(X11.close(colour, 0xE0_20_20, tolerance: 48) ? "red"
                            : X11.close(colour, 0x20_20_E0, tolerance: 48) ? "blue" : String(format: "#%06X", colour))
                if seen.isSuperset(of: ["red", "blue"]) { break }
            }
            return seen
        }

        @Test("an animated GIF and an animated WebP play while current and are released when left", .timeLimit(.minutes(2)))
        func animatedPicturesPlay() throws {
            let folder = try Self.newFolder("flick-animated")
            defer { try? FileManager.default.removeItem(at: folder) }
            let gif = folder.appendingPathComponent("dancing.gif")
            let webp = folder.appendingPathComponent("waving.webp")
            let still = folder.appendingPathComponent("still.png")
            try PhoneMedia.animation("gif", at: gif)
            try PhoneMedia.animation("webp", at: webp)
            try Fixtures.writePicture(still, width: 180, height: 320, rgb: 0x20_A0_20)
            let now = Date()
            for (index, file) in [gif, webp, still].enumerated() {
                try FileManager.default.setAttributes([.modificationDate: now.addingTimeInterval(-Double(index) * 60)],
                                                      ofItemAtPath: file.path)
            }
            let app = try AppProcess([folder.path, "--report-state"])
            let window = try app.focusedWindow()
            for (index, file) in [gif, webp].enumerated() {
                let seen = app.states.count
                if index > 0 { try X11.key("Down", window: window) }
                let playing = app.waitForState(after: index > 0 ? seen : 0, timeout: 30) {
                    $0.currentIndex == index && $0.settled == true && $0.currentReady == true && $0.animationsPlaying == 1
                }
                #expect(playing?.currentURI == file.absoluteString, "\(String(describing: app.latest)); \(app.stderr)")
                let colours = try centreColours(of: window, into: app.home)
                #expect(colours.isSuperset(of: ["red", "blue"]), "\(file.lastPathComponent) moves between its frames: \(colours)")
                #expect(app.states.allSatisfy { ($0.animationsPlaying ?? 0) <= 1 }, "only the current post animates")
            }
            let seen = app.states.count
            try X11.key("Down", window: window)
            let left = app.waitForState(after: seen) { $0.currentIndex == 2 && $0.settled == true && $0.animationsPlaying == 0 }
            #expect(left != nil, "leaving the animation releases it: \(String(describing: app.latest))")
        }
    
        @Test("a folder with nothing to show says how many files it skipped, and Details lists them", .timeLimit(.minutes(2)))
        func emptyFolderListsSkippedFiles() throws {
            let folder = try Self.newFolder("flick-skipped")
            defer { try? FileManager.default.removeItem(at: folder) }
            FileManager.default.createFile(atPath: folder.appendingPathComponent("IMG_0001.MOV").path, contents: Data())
            try Data("%PDF-1.4\n".utf8).write(to: folder.appendingPathComponent("ticket.pdf"))
            let tree = try AccessibleTree()
            let app = try AppProcess([folder.path, "--report-state"], environment: tree.environment)
            let empty = app.waitForFolderOutcome()
            #expect(empty?.phase == "empty")
            #expect(empty?.skippedSummary == "2 files were skipped: 1 empty, 1 other", "\(String(describing: empty))")
            _ = try app.focusedWindow()
            // The empty page speaks plain names too (its scroll bars included).
            let nodes = try tree.nodes(of: app.process.processIdentifier)
            #expect(nodes.contains { $0.role == "push button" && $0.name == "Details" })
            let classNamed = nodes.filter { AccessibilityUITests.isClassName($0.name) && $0.name != "AdwGizmo" }
            #expect(classNamed.isEmpty, "\(classNamed.map { "\($0.role) \($0.name)" })")
            let seen = app.states.count
            try tree.press("Details", in: app.process.processIdentifier)
            let listed = app.waitForState(after: seen) { $0.skippedListed != nil }
            #expect(listed?.skippedListed == ["IMG_0001.MOV — empty (0 bytes)", "ticket.pdf — not a video, a sound or a picture"])
        }
    }
}
