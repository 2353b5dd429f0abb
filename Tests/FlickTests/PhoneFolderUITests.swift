import Foundation
import Testing

extension AppUnderX {
    /// A folder as it comes off a phone, shown by the real app.
    @Suite("A phone's folder")
    struct PhoneFolderUITests {
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

        @Test("portrait clips stored landscape with a 90° or 270° display matrix, and an upright one, show upright", .timeLimit(.minutes(3)))
        func rotatedClipsShowUpright() throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-phone-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            for turn in PhoneMedia.Turn.allCases {
                try PhoneMedia.clip(turn, at: folder.appendingPathComponent("\(turn.rawValue).mp4"))
            }
            let app = try AppProcess([folder.path, "--report-state"])
            let window = try app.focusedWindow()
            var seenNames: Set<String> = []
            for index in 0..<PhoneMedia.Turn.allCases.count {
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
            #expect(seenNames == Set(PhoneMedia.Turn.allCases.map(\.rawValue)), "every clip was visited: \(seenNames)")
        }
    }
}
