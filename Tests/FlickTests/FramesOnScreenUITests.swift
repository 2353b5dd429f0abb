import Foundation
import Testing

extension AppUnderX {
    /// The frames on screen are the clip's own: its colours where they
    /// belong on the page, for both fits, a portrait and a landscape clip,
    /// after a resize, under GTK's GL and cairo renderers.
    @Suite("Frames on screen")
    struct FramesOnScreenUITests {
        static let red: UInt32 = 0xE0_20_20
        static let blue: UInt32 = 0x00_00_FF

        /// The runs of one colour down the page's middle column.
        struct Column {
            /// Page rows from the page's top (below the header bar) to the window's bottom edge.
            var rows: [UInt32]

            /// The first run of rows close to `colour`: where it starts and how tall it is.
            func run(of colour: UInt32) -> (start: Int, length: Int)? {
                guard let start = rows.firstIndex(where: { X11.close($0, colour, tolerance: 48) }) else { return nil }
                let length = rows[start...].prefix { X11.close($0, colour, tolerance: 48) }.count
                return (start, length)
            }
        }

        /// Whether `colour` is the backdrop around a contained post: the
        /// clip's own colours darkened, so coloured (unlike the grey header
        /// bar) and dark (no channel above half).
        static func isBackdrop(_ colour: UInt32) -> Bool {
            let channels = [colour >> 16 & 0xFF, colour >> 8 & 0xFF, colour & 0xFF]
            return channels.max()! <= 0x80 && channels.max()! - channels.min()! >= 24
        }

        /// The window's middle column below its header bar, where the page's
        /// black, red or blue rows begin.
        private func pageColumn(of window: String, into folder: URL) throws -> (column: Column, width: Int) {
            let (width, _) = try X11.geometry(window)
            let shot = folder.appendingPathComponent("frame.png")
            try X11.run(["import", "-window", window, shot.path])
            let all = try X11.column(shot, x: width / 2)
            // Ten such rows in a row: the title's letters in the header bar are fewer.
            // (The header bar is dark grey: black is black within a few steps.)
            func isPage(_ row: Int) -> Bool {
                X11.close(all[row], 0, tolerance: 8) || Self.isBackdrop(all[row])
                    || [Self.red, Self.blue].contains { X11.close(all[row], $0, tolerance: 48) }
            }
            let top = all.indices.dropFirst(20).first { row in
                row + 10 <= all.count && (row..<row + 10).allSatisfy(isPage)
            } ?? 0
            return (Column(rows: Array(all[top...])), width)
        }

        /// Checks the page as `fit` should show `clip` (9:16 or 16:9, red over
        /// its top quarter, blue below); retries for a moment while a frame
        /// is on its way. Returns what was wrong, or nil.
        private func problem(window: String, folder: URL, clip: String, fit: String) throws -> String? {
            let deadline = Date().addingTimeInterval(3)
            var last = "no screenshot"
            repeat {
                let (column, width) = try pageColumn(of: window, into: folder)
                let page = column.rows.count
                guard let red = column.run(of: Self.red), let blue = column.run(of: Self.blue) else {
                    last = "\(clip), \(fit): no red or no blue down the middle"
                    continue
                }
                let letterboxed = clip == "landscape" && fit == "contain"
                // The picture's height on the page: all of it, or a 16:9 band of the page's width.
                let pictureHeight = letterboxed ? Double(width) * 9 / 16 : Double(page)
                let band = Double(red.length) / pictureHeight
                // Between them, a few rows of both: the clip's colour is
                // subsampled (4:2:0) and scaled up.
                if blue.start < red.start + red.length || blue.start > red.start + red.length + 14 {
                    last = "\(clip), \(fit): blue (at \(blue.start)) does not follow red (\(red.start)+\(red.length))"
                } else if !(0.18...0.32).contains(band) {
                    last = "\(clip), \(fit): the red band is \(red.length) of \(Int(pictureHeight)) rows, not a quarter"
                } else if letterboxed, red.start < Int(Double(page) - pictureHeight) / 2 - 12 || column.rows.prefix(red.start).contains(where: { !X11.close($0, 0, tolerance: 16) && !Self.isBackdrop($0) }) {
                    last = "\(clip), \(fit): the band above the picture is not black or its dark backdrop down to row \(red.start)"
                } else if !letterboxed, red.start > 3 {
                    last = "\(clip), \(fit): the picture starts \(red.start) rows below the page's top"
                } else {
                    return nil
                }
                usleep(200_000)
            } while Date() < deadline
            return last
        }

        @Test("the clip's colours where they belong: cover and contain, portrait and landscape, after a resize",
              .timeLimit(.minutes(4)), arguments: ["gl", "cairo"])
        func coloursInPlace(renderer: String) throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-frames-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            try PhoneMedia.clip(.none, at: folder.appendingPathComponent("portrait.mp4"))
            try PhoneMedia.landscapeClip(at: folder.appendingPathComponent("landscape.mp4"))
            for fit in ["cover", "contain"] {
                let app = try AppProcess([folder.path, "--report-state", "--fit", fit], environment: ["GSK_RENDERER": renderer])
                let window = try app.focusedWindow()
                for index in 0..<2 {
                    let seen = app.states.count
                    if index > 0 { try X11.key("Down", window: window) }
                    let shown = app.waitForState(after: index > 0 ? seen : 0, timeout: 30) {
                        $0.phase == "feed" && $0.currentIndex == index && $0.settled == true && $0.currentFrameSource != nil
                    }
                    let clip = shown?.currentURI.map { URL(string: $0)?.deletingPathExtension().lastPathComponent ?? $0 } ?? "?"
                    try #require(shown != nil, "post \(index) played under \(renderer): \(String(describing: app.latest)); \(app.stderr)")
                    #expect(shown?.renderer == renderer, "GSK_RENDERER=\(renderer) wins: \(String(describing: shown?.renderer))")
                    let seenProblem = try problem(window: window, folder: app.home, clip: clip, fit: fit)
                    #expect(seenProblem == nil, "\(renderer): \(seenProblem ?? "")")
                    if index == 0 {
                        // A smaller window: the player's frames are sized to the new page.
                        try X11.run(["xdotool", "windowsize", "--sync", window, "360", "640"])
                        let resizedProblem = try problem(window: window, folder: app.home, clip: clip, fit: fit)
                        #expect(resizedProblem == nil, "\(renderer), after a resize to 360×640: \(resizedProblem ?? "")")
                    }
                }
            }
        }
    }
}
